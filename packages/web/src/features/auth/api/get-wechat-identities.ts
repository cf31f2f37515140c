import { CONTRACTS, API_PATHS, type WechatIdentity } from '@credit-portal/shared';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** The chat-app identities available on this phone (GET /user/wechat/identities). */
export const getWechatIdentities = (): Promise<WechatIdentity[]> => call(CONTRACTS.wechatIdentities);

export const wechatIdentitiesKey = () => API_PATHS.wechatIdentities;

export function useWechatIdentities() {
  return useSWR(wechatIdentitiesKey(), getWechatIdentities);
}
