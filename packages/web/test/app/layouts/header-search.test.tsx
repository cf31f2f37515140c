import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@credit-portal/shared';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HeaderSearch } from '@/app/layouts/header-search';
import { TestProviders } from '../../test-providers';

function renderSearch() {
  const router = createMemoryRouter(
    [
      { path: '/xydt', element: <HeaderSearch variant="inline" /> },
      { path: '/xyfw/search', element: <p>search list</p> },
    ],
    { initialEntries: ['/xydt'] },
  );
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

describe('the header search', () => {
  it('offers the enterprise query with its placeholder', () => {
    renderSearch();
    expect(screen.getByRole('search', { name: '信用主体查询' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('请输入企业名称关键字或统一社会信用代码')).toBeInTheDocument();
  });

  it('warns on an empty keyword and does not navigate (Enter)', async () => {
    const user = userEvent.setup();
    const router = renderSearch();
    await user.type(screen.getByRole('textbox', { name: '信用主体查询' }), '   {Enter}');
    expect(await screen.findByText(MESSAGES.emptySearch)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/xydt');
  });

  it('warns on an empty keyword and does not navigate (button)', async () => {
    const user = userEvent.setup();
    const router = renderSearch();
    await user.click(screen.getByRole('button', { name: /搜\s*索/ }));
    expect(await screen.findByText(MESSAGES.emptySearch)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/xydt');
  });

  it('opens the search list with the normalized keyword', async () => {
    const user = userEvent.setup();
    const router = renderSearch();
    await user.type(screen.getByRole('textbox', { name: '信用主体查询' }), '  云州　科技 {Enter}');
    expect(await screen.findByText('search list')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/xyfw/search');
    expect(new URLSearchParams(router.state.location.search).get('searchKey')).toBe('云州 科技');
  });
});
