import { describe, expect, it } from 'vitest';
import { leavingSiteFor, sanitizeHtml } from '../../src/lib/sanitize-html';

describe('sanitizeHtml', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const html = sanitizeHtml(
      '<p onclick="alert(1)">正文</p><script>alert(2)</script><img src="x.png" onerror="alert(3)"><a href="javascript:alert(4)">链接</a>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(html).toContain('<p>正文</p>');
  });

  it('makes images lazy and external links open safely in a new tab', () => {
    const container = document.createElement('div');
    container.innerHTML = sanitizeHtml(
      '<img src="/a.png" alt="图"><a href="https://www.gov.cn/">中国政府网</a><a href="#/xydt">站内</a>',
    );
    const img = container.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('lazy');
    const [external, internal] = Array.from(container.querySelectorAll('a'));
    expect(external!.getAttribute('target')).toBe('_blank');
    expect(external!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(internal!.hasAttribute('target')).toBe(false);
  });

  it('drops inline styles and embedded frames', () => {
    const html = sanitizeHtml('<p style="position:fixed">文字</p><iframe src="https://example.com"></iframe>');
    expect(html).toBe('<p>文字</p>');
  });

  it('tells links that leave the site by their parsed origin, never by a prefix', () => {
    const { origin, protocol, hostname } = window.location;
    for (const internal of ['#/xydt', '/oldsite/login.aspx', `${origin}/#/xyfw`, '?id=1', `${protocol}#/xydt`]) {
      expect(leavingSiteFor(internal), internal).toBeNull();
    }
    const lookalikes = {
      '//evil.example/x': `${protocol}//evil.example/x`,
      '/\\evil.example/x': `${protocol}//evil.example/x`,
      [`${protocol}//${hostname}.evil.example/x`]: `${protocol}//${hostname}.evil.example/x`,
      [`${origin}@evil.example/x`]: `${protocol}//evil.example/x`,
      'https://www.gov.cn/': 'https://www.gov.cn/',
    };
    for (const [href, address] of Object.entries(lookalikes)) expect(leavingSiteFor(href), href).toBe(address);
    // Not openable from the dialog (it opens http(s) only), but never taken for a link of this site.
    for (const odd of ['javascript:alert(1)', `${origin}.evil.example/x`, 'http://[bad']) {
      expect(leavingSiteFor(odd), odd).toBe(odd);
    }
    expect(leavingSiteFor('mailto:xyzx@example.gov.cn')).toBeNull();
  });

  it('opens look-alike links in a new tab and drops links of any other scheme', () => {
    const { origin, protocol, hostname } = window.location;
    const container = document.createElement('div');
    container.innerHTML = sanitizeHtml(
      `<a href="//evil.example/x">a</a><a href="${protocol}//${hostname}.evil.example/x">b</a>` +
        `<a href="data:text/html,x">c</a><a href="${origin}.evil.example/x">d</a><a href="tel:12345">e</a><a href="/x">f</a>`,
    );
    const [a, b, c, d, e, f] = Array.from(container.querySelectorAll('a'));
    for (const leaving of [a!, b!]) {
      expect(leaving.getAttribute('target')).toBe('_blank');
      expect(leaving.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(c!.hasAttribute('href')).toBe(false);
    expect(d!.hasAttribute('href')).toBe(false);
    expect(e!.getAttribute('href')).toBe('tel:12345');
    expect(f!.hasAttribute('target')).toBe(false);
  });
});
