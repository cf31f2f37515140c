import { useCallback, useSyncExternalStore } from 'react';
import { matchesAtFirstRender } from '@/lib/first-render';

/**
 * Whether a CSS media query matches now; re-renders when it changes (false where matchMedia is
 * missing). A pre-rendered frame and the render that hydrates it answer for the width they assumed.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => matchesAtFirstRender(query),
  );
}

/**
 * antd's `md` breakpoint (its screenMD token): tables and label columns from here, cards below; the
 * pre-rendered frames' phone/desktop line too (prerender/frames.ts).
 */
export const WIDE_SCREEN_QUERY = '(min-width: 768px)';

/**
 * Whether the screen is at least antd's `md` breakpoint wide — right from the first render.
 * antd's `Grid.useBreakpoint()` answers `{}` until its layout effect has run, so a phone first
 * rendered (and measured) the desktop table, then threw it away for the cards: ≈ 120 ms of
 * rc-table's cell measuring at 4× CPU on /#/xygs/xygsList (bench/web/profile.mjs).
 */
export function useWideScreen(): boolean {
  return useMediaQuery(WIDE_SCREEN_QUERY);
}
