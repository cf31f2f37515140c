import { isMobile } from '@credit-portal/shared';
import { useSyncExternalStore } from 'react';

/**
 * The spec's mobile test for this browser: an iPhone or Android agent, or a screen narrower than
 * it is tall (信易贷's phone page; the login pages put the account login first on a phone, which
 * cannot scan a QR code on its own screen).
 */
export function isMobileBrowser(): boolean {
  if (typeof window === 'undefined') return false;
  return isMobile({ userAgent: navigator.userAgent, width: window.innerWidth, height: window.innerHeight });
}

const onResize = (changed: () => void) => {
  window.addEventListener('resize', changed);
  return () => window.removeEventListener('resize', changed);
};

/**
 * isMobileBrowser, followed as the window changes: a window turned or widened from a phone's
 * shape to a desktop's leaves 信易贷's phone page for the desktop one (and back), instead of
 * keeping the phone page's app bar on a desktop.
 */
export const useMobileBrowser = (): boolean => useSyncExternalStore(onResize, isMobileBrowser, () => false);
