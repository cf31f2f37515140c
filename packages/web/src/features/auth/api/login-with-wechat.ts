import { API_PATHS, type LoginResult, type WechatLoginRequest } from '@credit-portal/shared';
import { request } from '@/lib/api-client';

/** Logs in with a chat-app identity the phone authorized (POST /user/wechat/login). */
export function loginWithWechat(body: WechatLoginRequest): Promise<LoginResult> {
  return request<LoginResult>(API_PATHS.wechatLogin, { method: 'POST', body });
}
