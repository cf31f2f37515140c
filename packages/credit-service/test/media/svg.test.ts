import { describe, expect, it } from 'vitest';
import { renderFlipbookPage, renderImage, wrapText } from '../../src/media/svg.js';

describe('svg rendering', () => {
  it('wraps Chinese text by width and keeps closing punctuation on its line', () => {
    expect(wrapText('一二三四五六七八九十', 4)).toEqual(['一二三四', '五六七八', '九十']);
    expect(wrapText('一二三，四五', 3)).toEqual(['一二三，', '四五']);
    expect(wrapText('ab\n一二', 10)).toEqual(['ab', '一二']);
  });

  it('escapes text and is deterministic', () => {
    const spec = {
      name: 'x',
      kind: 'illustration' as const,
      title: 'A&B <公司>',
      subtitle: '"引号"',
      width: 800,
      height: 450,
      hue: 10,
    };
    const svg = renderImage(spec, '信用云州');
    expect(svg).toBe(renderImage(spec, '信用云州'));
    expect(svg).toContain('A&amp;B &lt;公司&gt;');
    expect(svg).not.toContain('<公司>');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="800" height="450"/);
  });

  it('puts the site’s name it is given on a banner', () => {
    const banner = {
      name: 'b',
      kind: 'banner' as const,
      title: '信用承诺',
      subtitle: '',
      width: 1200,
      height: 360,
      hue: 200,
    };
    expect(renderImage(banner, '信用测试州')).toContain('>信用测试州<');
    expect(renderImage(banner, '信用测试州')).not.toContain('云州');
  });

  it('draws covers and inner pages of 461x600 with the folio', () => {
    const inner = renderFlipbookPage({
      bookTitle: '读本',
      pageNo: 3,
      pageCount: 12,
      heading: '一、标题',
      body: '正文',
    });
    expect(inner).toContain('width="461" height="600"');
    expect(inner).toContain('— 3 —');
    const cover = renderFlipbookPage({ bookTitle: '读本', pageNo: 1, pageCount: 12, heading: '读本', body: '编' });
    expect(cover).toContain('linearGradient');
    expect(cover).not.toContain('— 1 —');
  });
});
