import { render, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { RouterProvider } from 'react-router';
import { createAppRouter } from '@/app/router';
import { TestProviders } from './test-providers';

/**
 * Renders the app's router at an address (`#/path?query`) inside the test providers (fixed
 * runtime configuration, fresh SWR cache without retries), as portal-routes.test.tsx does.
 */
export function renderAppAt(hash: string) {
  // As in index.html: the route guard replaces the title of a page that has one.
  if (!document.head.querySelector('title')) document.head.append(document.createElement('title'));
  window.history.replaceState(null, '', `/${hash}`);
  const router = createAppRouter();
  const view = render(
    <TestProviders>
      <RouterProvider router={router} />
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
