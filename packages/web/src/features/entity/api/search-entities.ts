import type { EntitySearchQuery, EntitySearchResult } from '@credit-portal/shared';
import { ENTITY_HEADS } from '@credit-portal/shared/heads/entity';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Entities whose name contains the keyword or whose credit code it is (POST entsearch; at most 200). */
export function searchEntities(keyword: string): Promise<EntitySearchResult[]> {
  const body: EntitySearchQuery = { EntNameOrCreditCode: keyword };
  return call(ENTITY_HEADS.entitySearch, { body });
}

/** SWR key of a search; null (no request) for an empty keyword. */
export const searchEntitiesKey = (keyword: string) =>
  keyword ? ([ENTITY_HEADS.entitySearch.path, keyword] as const) : null;

/**
 * The search results of a normalized keyword. The list is paged and filtered on the client
 * (spec §2.1), so one answer serves every page and chip; `onError` reports a failed search.
 */
export function useEntitySearch(keyword: string, onError?: (error: unknown) => void) {
  return useSWR(searchEntitiesKey(keyword), ([, key]) => searchEntities(key), {
    revalidateIfStale: false,
    onError,
  });
}
