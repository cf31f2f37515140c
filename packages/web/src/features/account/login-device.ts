import { isMobile } from '@credit-portal/shared';

/**
 * The spec's mobile test for this browser (an iPhone or Android agent, or a screen narrower than
 * it is tall): a phone cannot scan a QR code on its own screen, so its login pages put the
 * account login first.
 */
export function isPhoneBrowser(): boolean {
  if (typeof window === 'undefined') return false;
  return isMobile({ userAgent: navigator.userAgent, width: window.innerWidth, height: window.innerHeight });
}
