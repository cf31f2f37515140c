import { useSearchParams } from 'react-router';

/** The highest page number an address may ask for (past it, the list starts at page 1). */
export const MAX_PAGE = 10_000;

/** A page number from the address: a positive integer up to MAX_PAGE, else 1. */
export function pageFromQuery(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** Reads one filter from the address: its value when allowed, else undefined. */
export type FilterParser = (value: string | null) => string | undefined;

export interface ListParamsOptions<F extends string> {
  /** The list's filters, each with the parser that accepts its values. */
  filters?: Record<F, FilterParser>;
  /** Address parameters that belong to the page, not the list (e.g. a category id): kept on every change. */
  keep?: readonly string[];
}

export type ListChange<F extends string> = { page?: number; keyword?: string } & Partial<Record<F, string>>;

export interface ListParams<F extends string> {
  /** The page, from ?page= (1 when absent or invalid). */
  page: number;
  /** The keyword, from ?keyword=, trimmed. */
  keyword: string;
  /** Each filter's value, '' when none. */
  filters: Record<F, string>;
  /**
   * Moves the list: what is not given stays, and the page goes back to 1 unless given. `replace`
   * corrects the address instead of adding a history entry (e.g. a page past the last one).
   */
  go: (change: ListChange<F>, options?: { replace?: boolean }) => void;
}

/**
 * The paging and search state of a list page, kept in the address (?page=&keyword=&<filters>),
 * so a list can be bookmarked, shared, reloaded and walked with the browser's back and forward.
 */
export function useListParams<F extends string = never>(options: ListParamsOptions<F> = {}): ListParams<F> {
  const [searchParams, setSearchParams] = useSearchParams();
  const parsers = (options.filters ?? {}) as Record<F, FilterParser>;
  const names = Object.keys(parsers) as F[];
  const page = pageFromQuery(searchParams.get('page'));
  const keyword = (searchParams.get('keyword') ?? '').trim();
  const filters = Object.fromEntries(
    names.map((name) => [name, parsers[name](searchParams.get(name)) ?? '']),
  ) as Record<F, string>;

  const go = (change: ListChange<F>, { replace = false }: { replace?: boolean } = {}) => {
    const query = new URLSearchParams();
    for (const name of options.keep ?? []) {
      const value = searchParams.get(name);
      if (value) query.set(name, value);
    }
    const nextKeyword = (change.keyword ?? keyword).trim();
    if (nextKeyword) query.set('keyword', nextKeyword);
    for (const name of names) {
      const value = change[name] ?? filters[name];
      if (value) query.set(name, value);
    }
    const nextPage = change.page ?? 1;
    if (nextPage > 1) query.set('page', String(nextPage));
    setSearchParams(query, { replace });
  };

  return { page, keyword, filters, go };
}
