import { describe, expect, it } from 'vitest';
import { browserDetail, browserSummary, deviceCode, isMobile, isMobileAgent } from '../../src/helpers/device.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70';
const WECHAT = `${ANDROID} MicroMessenger/8.0.47.2560(0x28002F30) NetType/WIFI Language/zh_CN`;

describe('mobile test', () => {
  it('is true for iPhone and Android agents', () => {
    expect(isMobileAgent(IPHONE)).toBe(true);
    expect(isMobileAgent(ANDROID)).toBe(true);
    expect(isMobileAgent(DESKTOP)).toBe(false);
    expect(isMobileAgent(undefined)).toBe(false);
  });

  it('is true for a portrait screen whatever the agent', () => {
    expect(isMobile({ userAgent: DESKTOP, width: 375, height: 812 })).toBe(true);
    expect(isMobile({ userAgent: DESKTOP, width: 1440, height: 900 })).toBe(false);
    expect(isMobile({ userAgent: DESKTOP, width: 800, height: 800 })).toBe(false);
    expect(isMobile({ userAgent: IPHONE, width: 1024, height: 768 })).toBe(true);
  });

  it("gives device '0' for mobile agents and '1' otherwise", () => {
    expect(deviceCode(IPHONE)).toBe('0');
    expect(deviceCode(ANDROID)).toBe('0');
    expect(deviceCode(DESKTOP)).toBe('1');
    expect(deviceCode('')).toBe('1');
  });
});

describe('browserDetail', () => {
  it.each([
    [DESKTOP, 'Edge 131.0'],
    [ANDROID, 'Chrome 131.0'],
    [IPHONE, 'Safari 17.0'],
    [WECHAT, 'WeChat 8.0'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133.0'],
    ['curl/8.5.0', 'unknown'],
  ])('%s', (agent, detail) => expect(browserDetail(agent)).toBe(detail));
});

describe('browserSummary', () => {
  it.each([
    [DESKTOP, 'Edge 131 · Windows'],
    [ANDROID, 'Chrome 131 · Android'],
    [IPHONE, 'Safari 17 · iOS'],
    [WECHAT, 'WeChat 8 · Android'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari 17 · macOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133 · Linux'],
    ['curl/8.5.0', '未知浏览器'],
    ['', '未知浏览器'],
  ])('%s', (agent, summary) => expect(browserSummary(agent)).toBe(summary));
});
