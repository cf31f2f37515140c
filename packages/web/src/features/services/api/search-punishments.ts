import type { RepairPunishPage } from '@credit-portal/shared';
import { SERVICES_HEADS } from '@credit-portal/shared/heads/services';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** The search and page a penalty search asks for. */
export interface PunishSearchRequest {
  keyword: string;
  pageIndex: number;
  pageSize: number;
}

/** Penalties in publicity by entity name, credit code or document number (GET GetEntPunishInfoList). */
export const searchPunishments = ({ keyword, pageIndex, pageSize }: PunishSearchRequest): Promise<RepairPunishPage> =>
  call(SERVICES_HEADS.repairPunishSearch, { query: { entNameOrPunishDocNo: keyword, pageIndex, pageSize } });

/** A page of the search; nothing is asked for before a keyword is given. */
export function usePunishSearch(request: PunishSearchRequest) {
  return useSWR(
    request.keyword ? ([SERVICES_HEADS.repairPunishSearch.path, request] as const) : null,
    ([, key]) => searchPunishments(key),
    { keepPreviousData: true },
  );
}

/** One penalty by its id: the search by document number finds it (the filing forms start from an id). */
export function usePunishment(punishId: string, docNo: string) {
  return useSWR(
    punishId && docNo ? ([SERVICES_HEADS.repairPunishSearch.path, 'one', punishId, docNo] as const) : null,
    async ([, , id, keyword]) => {
      const page = await searchPunishments({ keyword, pageIndex: 1, pageSize: 20 });
      return page.list.find((row) => row.id === id) ?? null;
    },
  );
}
