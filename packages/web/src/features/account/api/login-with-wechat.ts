import type { LoginResult, WechatLoginRequest } from '@credit-portal/shared';
import { ACCOUNT_HEADS } from '@credit-portal/shared/heads/account';
import { call } from '@/lib/api-client';

/** Logs in with a chat-app identity the phone authorized (POST /user/wechat/login). */
export function loginWithWechat(body: WechatLoginRequest): Promise<LoginResult> {
  return call(ACCOUNT_HEADS.wechatLogin, { body });
}
