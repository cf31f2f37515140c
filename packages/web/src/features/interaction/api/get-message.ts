import { CONTRACTS, API_PATHS, type InteractionDetail } from '@credit-portal/shared';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Fetches one public message with its reply (POST /Cms/hdjl/detail). */
export function getMessage(id: string): Promise<InteractionDetail> {
  return call(CONTRACTS.interactionDetail, { body: { id } });
}

export const messageKey = (id: string | null) => (id ? ([API_PATHS.interactionDetail, id] as const) : null);

export function useMessage(id: string | null) {
  return useSWR(messageKey(id), ([, key]) => getMessage(key));
}
