import { API_PATHS, type BindMobileRequest, type BindWechatRequest, type Profile } from '@credit-portal/shared';
import { request } from '@/lib/api-client';

/** Binds a mobile account to the logged-in chat-app identity (POST /user/bind/mobile). */
export const bindMobile = (body: BindMobileRequest): Promise<Profile> =>
  request<Profile>(API_PATHS.bindMobile, { method: 'POST', body, auth: true });

/** Binds a chat-app identity to the logged-in mobile account (POST /user/bind/wechat). */
export const bindWechat = (body: BindWechatRequest): Promise<Profile> =>
  request<Profile>(API_PATHS.bindWechat, { method: 'POST', body, auth: true });
