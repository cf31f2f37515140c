import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { RuntimeConfig } from '@credit-portal/shared';
import { ConfigProvider } from 'antd';
import { expect } from 'vitest';
import { RouterProvider } from 'react-router';
import { preloadPage } from '@/app/route-kit';
import { createAppRouter } from '@/app/router';
import { findRoute } from '@/app/routes';
import { TEST_RUNTIME_CONFIG, TestProviders } from './test-providers';

/**
 * Renders the app's router at an address (`#/path?query`) inside the test providers (fixed
 * runtime configuration, or `config`; fresh SWR cache without retries), as portal-routes.test.tsx does.
 *
 * antd runs without its runtime styles here (`zeroRuntime`): jsdom lays nothing out, and with
 * antd's thousands of CSS-in-JS rules in the document every style lookup — Testing Library's
 * visibility check on each role query, user-event's pointer-events check on each click — costs
 * up to seconds after each change of the page on a busy machine (measured: a page's tests 3 to
 * 6 times slower). What the styles do is checked in Chromium (e2e/).
 */
export function renderAppAt(hash: string, config: RuntimeConfig = TEST_RUNTIME_CONFIG) {
  // As in index.html: the route guard replaces the title of a page that has one.
  if (!document.head.querySelector('title')) document.head.append(document.createElement('title'));
  window.history.replaceState(null, '', `/${hash}`);
  const router = createAppRouter();
  const view = render(
    <TestProviders config={config}>
      <ConfigProvider theme={{ zeroRuntime: true }}>
        <RouterProvider router={router} />
      </ConfigProvider>
    </TestProviders>,
  );
  return { router, ...view };
}

/** The query of the address the hash router shows. */
export const addressQuery = (): URLSearchParams => new URLSearchParams(window.location.hash.split('?')[1] ?? '');

/**
 * The 重试 button of a failed block, once antd's Result has replaced its plain stand-in
 * (components/lazy-result.tsx: a button found earlier may be gone by the time it is clicked).
 */
export async function findRetry(container: HTMLElement): Promise<HTMLElement> {
  await waitFor(() => expect(container.querySelector('.ant-result')).not.toBeNull());
  return within(container).getByRole('button', { name: /重\s*试/ });
}

/** Queries inside the page's main landmark, once it is there: the page's own content, without the header's and footer's many links and buttons. */
export async function findMain() {
  return within(await screen.findByRole('main'));
}

/**
 * Loads the code of the pages a test file opens before its tests run (call it in beforeAll, whose
 * timeout is the project's hookTimeout): a page's first visit transforms its module graph, which
 * on a busy machine takes longer than a test's waits (test/setup.ts); the tests then wait only
 * for what the page shows.
 */
export async function preloadPages(...pagePaths: string[]): Promise<void> {
  await Promise.all([
    // antd's Result, which the error and not-found states load when first shown (components/lazy-result.tsx).
    import('@/components/result-panel'),
    ...pagePaths.map((path) => {
      const route = findRoute(path);
      if (!route) throw new Error(`no route for ${path}`);
      return preloadPage(route.page);
    }),
  ]);
}

/**
 * A user for the pages rendered here, without user-event's pointer-events check: it reads the
 * computed style of the target and each of its ancestors on every click, which costs seconds per
 * test on a busy machine, and the pages here carry no antd styles to check (zeroRuntime, above).
 * Whether CSS lets a click through is checked in Chromium (e2e/).
 */
export const setupUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
