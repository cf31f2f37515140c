import '@testing-library/jest-dom/vitest';
import { cleanup, configure, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

// Testing Library cleans up by itself only with vitest globals on; this project imports them.
afterEach(() => cleanup());

/*
 * The files of a worker share one window and one module graph (isolate: false, for speed): each
 * file starts from an empty address, storage and cookie jar, as a new tab would.
 */
beforeAll(() => {
  if (typeof window === 'undefined') return;
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});

/*
 * antd's static message and notification render in a React root of their own, outside what
 * cleanup() unmounts (the API client shows 请先进行实名登录 through it when no app is mounted). A
 * toast still open when a file ends would commit, or flush its effects, after jsdom has gone:
 * "window is not defined" from react-dom, an unhandled error that fails the whole run. Close them
 * and let that root settle while the window is still here.
 */
afterAll(async () => {
  if (typeof document === 'undefined') return;
  const open = () => document.querySelector('.ant-message-notice, .ant-notification-notice');
  // Only when one is open: destroy() with none would create the static holder's root just now.
  if (!open()) return;
  // Imported here, when a notice is open: a file that never draws antd does not pay for its import.
  const { message, notification } = await import('antd');
  message.destroy();
  notification.destroy();
  await waitFor(() => expect(open()).toBeNull());
  // React flushes a commit's passive effects in a later task (the scheduler's setImmediate).
  await new Promise((resolve) => setTimeout(resolve, 50));
});

// waitFor and findBy* wait up to 10 s by default (Testing Library's own default is 1 s): a page
// loaded lazily for the first time takes longer than that on two busy cores. Waiting longer costs
// nothing when the awaited state comes; tests that pass their own timeout keep it.
configure({ asyncUtilTimeout: 10_000 });

/*
 * Browser APIs jsdom lacks that antd and the route guard call. They do nothing here; what the
 * tests check never depends on them.
 */
/** Width queries answered for jsdom's window (1024 px wide), every other query false. */
function mediaMatches(query: string): boolean {
  const widths = [...query.matchAll(/\((min|max)-width:\s*(\d+(?:\.\d+)?)px\)/g)];
  if (widths.length === 0) return false;
  return widths.every(([, kind, value]) =>
    kind === 'min' ? window.innerWidth >= Number(value) : window.innerWidth <= Number(value),
  );
}

// Not in the files that run in Node (`@vitest-environment node`: the prerender's).
if (typeof window !== 'undefined') stubBrowserApis();

function stubBrowserApis(): void {
  if (typeof window.matchMedia !== 'function') {
    window.matchMedia = (query: string): MediaQueryList => ({
      matches: mediaMatches(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    });
  }

  // jsdom lays nothing out: there is never a size change to observe (antd's tables and overflow lists ask).
  if (typeof window.ResizeObserver !== 'function') {
    window.ResizeObserver = class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    };
  }

  window.scrollTo = (() => undefined) as typeof window.scrollTo;
  Element.prototype.scrollIntoView = () => undefined;

  // jsdom implements getComputedStyle without pseudo-elements and reports that as an error.
  const computedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computedStyle(element);
}
