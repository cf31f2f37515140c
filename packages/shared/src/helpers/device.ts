import { DEVICE, type DeviceCode } from '../constants.js';

const MOBILE_AGENT = /iPhone|Android/i;

/** True for an iPhone or Android user agent. */
export function isMobileAgent(userAgent: string | null | undefined): boolean {
  return MOBILE_AGENT.test(userAgent ?? '');
}

/** The spec's mobile test: iPhone or Android agent, or a screen narrower than it is tall. */
export function isMobile(input: { userAgent?: string | null; width?: number; height?: number }): boolean {
  if (isMobileAgent(input.userAgent)) return true;
  return input.width !== undefined && input.height !== undefined && input.width < input.height;
}

/** Device code of a visit: '0' for a mobile agent, otherwise '1'. */
export function deviceCode(userAgent: string | null | undefined): DeviceCode {
  return isMobileAgent(userAgent) ? DEVICE.mobile : DEVICE.desktop;
}

const BROWSERS: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ['WeChat', /MicroMessenger\/([\d.]+)/],
  ['Opera', /OPR\/([\d.]+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /(?:HeadlessChrome|Chrome|CriOS)\/([\d.]+)/],
  ['Safari', /Version\/([\d.]+).*Safari/],
];

/** Browser name and major.minor version of a user agent, e.g. "Chrome 131.0"; "unknown" when not recognised. */
export function browserDetail(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match?.[1]) return `${name} ${match[1].split('.').slice(0, 2).join('.')}`;
  }
  return 'unknown';
}

const SYSTEMS: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ['HarmonyOS', /HarmonyOS|OpenHarmony/],
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['Windows', /Windows/],
  ['ChromeOS', /CrOS/],
  ['macOS', /Macintosh|Mac OS X/],
  ['Linux', /Linux|X11/],
];

/**
 * A short summary of a user agent for a person to recognise their own computer, e.g.
 * "Chrome 131 · Windows" (browser and major version, operating system); '未知浏览器' when
 * nothing is recognised. Shown on the phone before it confirms a QR login.
 */
export function browserSummary(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const detail = browserDetail(ua);
  const browser = detail === 'unknown' ? '' : detail.replace(/\.\d+$/, '');
  const system = SYSTEMS.find(([, pattern]) => pattern.test(ua))?.[0] ?? '';
  return [browser, system].filter(Boolean).join(' · ') || '未知浏览器';
}
