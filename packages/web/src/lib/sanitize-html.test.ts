import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

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
});
