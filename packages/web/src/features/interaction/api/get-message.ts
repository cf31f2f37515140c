import type { InteractionDetail } from '@credit-portal/shared';
import { INTERACTION_HEADS } from '@credit-portal/shared/heads/interaction';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Fetches one public message with its reply (POST /Cms/hdjl/detail). */
export function getMessage(id: string): Promise<InteractionDetail> {
  return call(INTERACTION_HEADS.interactionDetail, { body: { id } });
}

export const messageKey = (id: string | null) =>
  id ? ([INTERACTION_HEADS.interactionDetail.path, id] as const) : null;

export function useMessage(id: string | null) {
  return useSWR(messageKey(id), ([, key]) => getMessage(key));
}
