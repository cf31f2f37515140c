import { ENTITY_STATUSES, ENTITY_TYPE_CHIPS, type EntityStatus, type EntityTypeChip } from '@credit-portal/shared';
import { useEffect, useState } from 'react';
import { readStorageJson, writeStorageJson } from '@/lib/storage';

/** The search list's state: the keyword, the page and the active chips. */
export interface SearchState {
  keyword: string;
  page: number;
  statuses: EntityStatus[];
  types: EntityTypeChip[];
}

/*
 * The route guard drops the query from the address on xyfw/search (spec §4), so going back to
 * the list from a details page finds no searchKey there. The last search of the tab is kept in
 * sessionStorage instead, with its page and chips, and restored when the address has none.
 */
const KEY = 'entitySearchState';

function remembered(): SearchState | null {
  const value = readStorageJson<Partial<SearchState>>(KEY, 'session');
  if (!value || typeof value.keyword !== 'string' || !value.keyword) return null;
  return {
    keyword: value.keyword,
    page: Number.isInteger(value.page) && value.page! > 0 ? value.page! : 1,
    statuses: Array.isArray(value.statuses) ? ENTITY_STATUSES.filter((s) => value.statuses!.includes(s)) : [],
    types: Array.isArray(value.types) ? ENTITY_TYPE_CHIPS.filter((t) => value.types!.includes(t)) : [],
  };
}

const fresh = (keyword: string): SearchState => ({ keyword, page: 1, statuses: [], types: [] });

/**
 * The list's state for the keyword in the address: a keyword there is a new search and starts
 * afresh; no keyword restores the tab's last search (back from a details page). Every state is
 * remembered for the tab.
 */
export function useSearchState(addressKeyword: string): [SearchState, (next: SearchState) => void] {
  const [state, setState] = useState<SearchState>(() =>
    addressKeyword ? fresh(addressKeyword) : (remembered() ?? fresh('')),
  );
  let current = state;
  // A search from the header while the list is open: a new keyword, a fresh state.
  if (addressKeyword && addressKeyword !== state.keyword) {
    current = fresh(addressKeyword);
    setState(current);
  }
  useEffect(() => {
    if (current.keyword) writeStorageJson(KEY, current, 'session');
  }, [current]);
  return [current, setState];
}
