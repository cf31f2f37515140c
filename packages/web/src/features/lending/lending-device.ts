import { isMobile } from '@credit-portal/shared';

/** The spec's mobile test for this browser: an iPhone or Android agent, or a screen narrower than it is tall. */
export function isMobileBrowser(): boolean {
  if (typeof window === 'undefined') return false;
  return isMobile({ userAgent: navigator.userAgent, width: window.innerWidth, height: window.innerHeight });
}
