import type { EntitySearchResult } from '@credit-portal/shared';
import { ENTITY_HEADS } from '@credit-portal/shared/heads/entity';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Entities by name keyword or credit code (POST entsearch): the report pages pick their entity here. */
export const searchEntities = (keyword: string): Promise<EntitySearchResult[]> =>
  call(ENTITY_HEADS.entitySearch, { body: { EntNameOrCreditCode: keyword } });

/** The search of a keyword; no request for an empty one. Same key as the entity search list. */
export function useEntitySearch(keyword: string) {
  return useSWR(
    keyword ? ([ENTITY_HEADS.entitySearch.path, keyword] as const) : null,
    ([, key]) => searchEntities(key),
    {
      revalidateIfStale: false,
    },
  );
}
