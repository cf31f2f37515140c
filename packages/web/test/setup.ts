import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library cleans up by itself only with vitest globals on; this project imports them.
afterEach(() => cleanup());

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
