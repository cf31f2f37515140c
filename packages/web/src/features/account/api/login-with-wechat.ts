import { CONTRACTS, type LoginResult, type WechatLoginRequest } from '@credit-portal/shared';
import { call } from '@/lib/api-client';

/** Logs in with a chat-app identity the phone authorized (POST /user/wechat/login). */
export function loginWithWechat(body: WechatLoginRequest): Promise<LoginResult> {
  return call(CONTRACTS.wechatLogin, { body });
}
