import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PagedList } from '@/components/paged-list';
import { QueryState, type QueryResult } from '@/components/query-state';
import { pageFromQuery, useListParams, type ListParams } from '@/hooks/use-list-params';
import { ApiError } from '@/lib/api-client';
import { findRetry } from '../render-app';
import { TestProviders } from '../test-providers';

/** Renders the hook at an address; returns a handle on its latest value and the current address. */
function renderListParams(address: string, options: Parameters<typeof useListParams<'kind'>>[0]) {
  const seen: { params?: ListParams<'kind'>; address?: string } = {};
  function Probe() {
    seen.params = useListParams<'kind'>(options);
    const location = useLocation();
    seen.address = `${location.pathname}${location.search}`;
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], { initialEntries: [address] });
  render(<RouterProvider router={router} />);
  return seen;
}

const kindOf = (value: string | null) => (value === 'a' || value === 'b' ? value : undefined);

describe('useListParams', () => {
  it('reads the page, the keyword and the filters from the address, refusing what is not allowed', () => {
    const seen = renderListParams('/list?page=3&keyword=%20信用%20&kind=a', { filters: { kind: kindOf } });
    expect(seen.params).toMatchObject({ page: 3, keyword: '信用', filters: { kind: 'a' } });
    const bad = renderListParams('/list?page=-2&kind=z', { filters: { kind: kindOf } });
    expect(bad.params).toMatchObject({ page: 1, keyword: '', filters: { kind: '' } });
  });

  it('goes back to page 1 on a new search or filter, keeps what is not changed and the page-owned parameters', () => {
    const seen = renderListParams('/list?id=3004&page=4&keyword=信用&kind=a', {
      filters: { kind: kindOf },
      keep: ['id'],
    });
    act(() => seen.params!.go({ page: 5 }));
    expect(new URLSearchParams(seen.address!.split('?')[1])).toEqual(
      new URLSearchParams({ id: '3004', keyword: '信用', kind: 'a', page: '5' }),
    );
    act(() => seen.params!.go({ kind: 'b' }));
    expect(seen.params).toMatchObject({ page: 1, keyword: '信用', filters: { kind: 'b' } });
    act(() => seen.params!.go({ keyword: '', kind: '' }));
    expect(seen.address).toBe('/list?id=3004');
  });

  it('parses page numbers once, for every list', () => {
    expect([pageFromQuery('2'), pageFromQuery('2.5'), pageFromQuery('0'), pageFromQuery(null)]).toEqual([2, 1, 1, 1]);
    expect(pageFromQuery('10001')).toBe(1);
  });
});

const query = <T,>(over: Partial<QueryResult<T>>): QueryResult<T> => ({
  data: undefined,
  error: undefined,
  isLoading: false,
  mutate: vi.fn(() => Promise.resolve(undefined)),
  ...over,
});

describe('QueryState and PagedList', () => {
  it('holds the loaded block’s usual height while it loads (no layout shift when it arrives)', () => {
    const { container, rerender } = render(
      <TestProviders>
        <QueryState query={query<string>({ isLoading: true })} reserve="300px">
          {(text) => text}
        </QueryState>
      </TestProviders>,
    );
    expect(container.querySelector<HTMLElement>('[aria-busy="true"]')!.style.minHeight).toBe('300px');
    rerender(
      <TestProviders>
        <QueryState query={query<string>({ data: '已加载' })} reserve="300px">
          {(text) => text}
        </QueryState>
      </TestProviders>,
    );
    expect(screen.getByText('已加载')).toBeInTheDocument();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('offers a retry after a failure, and no retry for a record that does not exist', async () => {
    const failed = query<string>({ error: new ApiError('network_error', '网络异常，请稍后重试', 0) });
    const { container, unmount } = render(
      <TestProviders>
        <QueryState query={failed}>{(text) => text}</QueryState>
      </TestProviders>,
    );
    await userEvent.click(await findRetry(container));
    expect(failed.mutate).toHaveBeenCalledTimes(1);
    unmount();
    render(
      <TestProviders>
        <QueryState query={query<string>({ error: new ApiError('not_found', '未找到该记录', 404) })} size="page">
          {(text) => text}
        </QueryState>
      </TestProviders>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('未找到该记录');
    expect(screen.queryByRole('button', { name: /重\s*试/ })).not.toBeInTheDocument();
  });

  it('shows the items, the summary and a pager that reports the chosen page', async () => {
    const onPageChange = vi.fn();
    render(
      <TestProviders>
        <PagedList
          query={query({ data: { list: ['甲', '乙'], totalCount: 25 } })}
          page={1}
          pageSize={10}
          onPageChange={onPageChange}
          summary={(total) => `共 ${total} 项`}
        >
          {(items) => (
            <ul>
              {items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </PagedList>
      </TestProviders>,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toContain('甲');
    expect(screen.getByText('共 25 项', { selector: 'p' })).toBeInTheDocument();
    await userEvent.click(screen.getByTitle('3'));
    expect(onPageChange).toHaveBeenCalledWith(3, 10);
  });

  it('says 暂无数据 for an empty page', () => {
    render(
      <TestProviders>
        <PagedList query={query({ data: { list: [], totalCount: 0 } })} page={1} pageSize={10} onPageChange={vi.fn()}>
          {() => <p>不应出现</p>}
        </PagedList>
      </TestProviders>,
    );
    expect(screen.getByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
    expect(screen.queryByText('不应出现')).not.toBeInTheDocument();
  });
});
