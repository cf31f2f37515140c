import type { InteractionListQuery, InteractionPage, InteractionSearchQuery } from '@credit-portal/shared';
import { INTERACTION_HEADS } from '@credit-portal/shared/heads/interaction';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Fetches public messages, newest first (POST /Cms/hdjl/list). */
export function getMessages(query: InteractionListQuery): Promise<InteractionPage> {
  return call(INTERACTION_HEADS.interactionList, { body: query });
}

export const messagesKey = (query: InteractionListQuery) => [INTERACTION_HEADS.interactionList.path, query] as const;

/** A page of public messages; the previous page stays on screen while the next one loads. */
export function useMessages(query: InteractionListQuery) {
  return useSWR(messagesKey(query), ([, key]) => getMessages(key), { keepPreviousData: true });
}

/** Searches public messages by keyword or number and filters (POST /Cms/hdjl/search). */
export function searchMessages(query: InteractionSearchQuery): Promise<InteractionPage> {
  return call(INTERACTION_HEADS.interactionSearch, { body: query });
}

/** SWR key of a search; null (no fetch) until the visitor has searched. */
export const messageSearchKey = (query: InteractionSearchQuery | null) =>
  query ? ([INTERACTION_HEADS.interactionSearch.path, query] as const) : null;

export function useMessageSearch(query: InteractionSearchQuery | null) {
  return useSWR(messageSearchKey(query), ([, key]) => searchMessages(key), { keepPreviousData: true });
}
