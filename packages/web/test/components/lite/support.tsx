import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { RUNTIME_THEME } from '@/lib/antd-theme';

/*
 * What the look-alikes' tests (lite-components*.test.tsx) share: an element as it renders, and
 * antd's as the app's antd scope renders it, compared node by node. The look-alikes are styled
 * by antd's own static sheets: they must render antd's very markup.
 */

/** The element an element renders, alone (detached, to compare). */
export function rendered(element: ReactElement): Element {
  const { container, unmount } = render(element);
  const node = container.firstElementChild!.cloneNode(true) as Element;
  unmount();
  return node;
}

/** antd's component, as the app's antd scope renders it. */
export const antd = (element: ReactElement) =>
  rendered(<ConfigProvider theme={RUNTIME_THEME}>{element}</ConfigProvider>);
export const noop = () => {};

/** The same element, attribute order aside. */
export function expectSame(actual: Element, expected: Element) {
  expect(actual.isEqualNode(expected), `${actual.outerHTML}\n  is not\n${expected.outerHTML}`).toBe(true);
}

/** The element with an attribute removed. */
export function without(node: Element, selector: string, ...attributes: string[]): Element {
  const target = node.matches(selector) ? node : node.querySelector(selector)!;
  for (const attribute of attributes) target.removeAttribute(attribute);
  return node;
}
