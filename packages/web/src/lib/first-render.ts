/*
 * What a pre-rendered frame (src/prerender/) assumed of the browser it would be shown in. The
 * gateway's page carries frames rendered in Node for a phone and for a wide screen; public/frame.js
 * puts the one that fits into #root before any module runs, and the SPA's first render — the one
 * React hydrates the frame with — must produce the same markup. Hooks that read the browser
 * (media queries, speech synthesis) answer from these facts in that render (useSyncExternalStore's
 * server snapshot) and from the browser right after it, so a wrong guess costs a re-render, never
 * a hydration error.
 */

import { createElement, type ComponentType, type ExoticComponent, type FunctionComponent } from 'react';

/**
 * The digest of the error a page, or a part of one, throws when rendered in Node (the prerender):
 * its content comes from the browser, so the frame carries the nearest Suspense boundary's
 * fallback (a page's loading place-holder) and React renders the part there when it hydrates
 * (React's way of keeping a part client-only). main.tsx does not report it.
 */
export const BROWSER_ONLY_PAGE = 'credit-portal:browser-only-page';

class BrowserOnlyPart extends Error {
  readonly digest = BROWSER_ONLY_PAGE;
  constructor() {
    super('A page is rendered in the browser only');
  }
}

/**
 * Leaves the part that calls it to the browser when rendered in Node: every page but a
 * `prerendered` one (route-kit), and what such a page draws from its query, login or data.
 */
export function renderedInBrowser(): void {
  if (typeof window === 'undefined') throw new BrowserOnlyPart();
}

/**
 * `Component`, left to the browser when rendered in Node (renderedInBrowser): a part a
 * prerendered page draws from its query, login or data, inside a Suspense boundary whose fallback
 * holds its place in the frame.
 */
export function browserOnly<P extends object>(Component: ComponentType<P> | ExoticComponent<P>): FunctionComponent<P> {
  function BrowserOnly(props: P) {
    renderedInBrowser();
    return createElement(Component, props);
  }
  return BrowserOnly;
}

export interface FrameFacts {
  /** Width of the screen the frame was rendered for, in CSS px (375: a phone; 1440: a desktop). */
  width: number;
  /** Whether the browser can read aloud (the header's 读屏 button is there). */
  readAloud: boolean;
}

/** Outside a pre-rendered frame: nothing is assumed, every media query is false, nothing is read aloud. */
const NONE: FrameFacts = { width: 0, readAloud: false };

let current: FrameFacts = NONE;

/** Sets the facts the first render assumes (the prerender before each frame; main.tsx before hydrating). */
export function assumeForFirstRender(facts: FrameFacts): void {
  current = facts;
}

export const firstRenderFacts = (): FrameFacts => current;

const WIDTH_FEATURE = /^\(\s*(min-width|max-width|width\s*(<=|>=|<|>))\s*:?\s*(\d+)px\s*\)$/;

/**
 * Whether a width media query holds at the assumed width: `(min-width: Npx)`, `(max-width: Npx)`
 * and the range forms `(width < Npx)` … `(width >= Npx)`. Any other query is false.
 */
export function matchesAtFirstRender(query: string): boolean {
  const { width } = current;
  if (width === 0) return false;
  const match = WIDTH_FEATURE.exec(query.trim());
  if (!match) return false;
  const limit = Number(match[3]);
  switch (match[2] ?? match[1]) {
    case 'min-width':
    case '>=':
      return width >= limit;
    case 'max-width':
    case '<=':
      return width <= limit;
    case '<':
      return width < limit;
    case '>':
      return width > limit;
    default:
      return false;
  }
}
