// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@credit-portal/shared';
import { BROWSER_ONLY_PAGE } from '@/lib/first-render';
import { HIGHLIGHTS_QUERY, HOME_OPENING_REQUEST } from '@/features/home/api/prefetch-home';
import { renderFrame, renderPage } from '@/prerender/page';
import { TEST_RUNTIME_CONFIG } from '../test-providers';

/*
 * The prerender in Node, as the gateway calls it at start (src/prerender/page.tsx): no window, no
 * document. What the browser does with its page is walked in Chromium (e2e/frame.e2e.ts).
 */

const INDEX_HTML = `<!doctype html><html><head><title>信用门户</title>
<link rel="preload" href="/runtime-config" as="fetch" crossorigin="anonymous" /></head>
<body><div id="root"><p aria-busy="true">正在加载…</p></div>
<!-- pre-rendered frames -->
</body></html>`;

const embeddedJson = (html: string) =>
  /<script type="application\/json" id="runtime-config">([^<]*)<\/script>/.exec(html)?.[1];

describe('the prerender', () => {
  it('renders the home page’s frame with the configuration’s texts and leaves the page to the browser', async () => {
    const phone = await renderFrame('/index', 'narrow', TEST_RUNTIME_CONFIG);
    expect(phone).toContain(`欢迎访问<!-- -->${TEST_RUNTIME_CONFIG.siteName}`);
    expect(phone).toContain('aria-label="主导航"');
    expect(phone).toContain('placeholder="请输入企业名称关键字或统一社会信用代码"');
    // The page itself: React's client-rendered boundary, marked with the prerender's digest
    // (React's development build, which the tests run, adds the message after it).
    expect(phone).toContain(`<!--$!--><template data-dgst="${BROWSER_ONLY_PAGE}"`);
    expect(phone).not.toContain('<script');
    // The phone's hero says the site name in text; the desktop's holds the banners' place.
    const desktop = await renderFrame('/index', 'wide', TEST_RUNTIME_CONFIG);
    expect(phone).not.toBe(desktop);
  });

  it('renders 双公示’s heading and introduction into its frame, inline, and leaves its tabs to the browser', async () => {
    for (const screen of ['narrow', 'wide'] as const) {
      const html = await renderFrame('/xygs/xygsList', screen, TEST_RUNTIME_CONFIG);
      expect(html).toMatch(/<h1[^>]*>双公示<\/h1><p[^>]*>行政许可和行政处罚信息自作出决定之日起/);
      // The page is inline (React streams a large boundary after the rest by default, with a script).
      expect(html).not.toContain('<script');
      expect(html).not.toContain('<!--$?-->');
      // The tabs follow the query: their place-holder, marked for the browser.
      expect(html).toContain(`<!--$!--><template data-dgst="${BROWSER_ONLY_PAGE}"`);
      expect(html).not.toContain('role="tab"');
    }
  });

  it('embeds the configuration as data that no value can break out of', async () => {
    const hostile = { ...TEST_RUNTIME_CONFIG, siteName: '信用</script><script>alert(1)</script>\u2028' };
    const html = await renderPage(INDEX_HTML, hostile);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('rel="preload" href="/runtime-config"');
    expect(JSON.parse(embeddedJson(html)!)).toEqual(hostile);
    // In the frames the name is text, escaped by React.
    expect(html).toContain('信用&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('stores each different frame once, under the keys of every address and screen it serves', async () => {
    const html = await renderPage(INDEX_HTML, TEST_RUNTIME_CONFIG);
    const tags = [...html.matchAll(/<template data-frame="([^"]+)"(?: data-request="([^"]+)")?>/g)];
    const templates = tags.map((match) => match[1]!.split(' '));
    const keys = templates.flat();
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(
      expect.arrayContaining(['/index|narrow', '/index|wide', '/h5/login|narrow', '/h5/login|wide', '/h5/gtxy|narrow']),
    );
    // The H5 app's frame is the same at both widths: one template for both.
    expect(templates).toContainEqual(['/h5/login|narrow', '/h5/login|wide']);
    expect(html.indexOf('<script src="./frame.js"></script>')).toBeGreaterThan(html.lastIndexOf('</template>'));
    // The home page's frames carry its opening request, as the API client will send it; no other does.
    const requests = tags.filter((match) => match[2] !== undefined);
    expect(requests.flatMap((match) => match[1]!.split(' ')).sort()).toEqual(['/index|narrow', '/index|wide']);
    for (const match of requests) {
      expect(JSON.parse(match[2]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&'))).toEqual(HOME_OPENING_REQUEST);
    }
    expect(HOME_OPENING_REQUEST).toEqual({
      method: 'POST',
      url: API_PATHS.contentListAll,
      body: JSON.stringify(HIGHLIGHTS_QUERY),
    });
  });

  it('refuses a page without the places it fills', async () => {
    await expect(renderPage('<html><body><div id="root"></div></body></html>', TEST_RUNTIME_CONFIG)).rejects.toThrow(
      /pre-rendered frames/,
    );
  });
});
