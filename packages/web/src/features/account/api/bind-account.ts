import type { BindMobileRequest, BindWechatRequest, Profile, UnbindWechatRequest } from '@credit-portal/shared';
import { ACCOUNT_HEADS } from '@credit-portal/shared/heads/account';
import { call } from '@/lib/api-client';

/** Binds a mobile account to the logged-in chat-app identity (POST /user/bind/mobile). */
export const bindMobile = (body: BindMobileRequest): Promise<Profile> => call(ACCOUNT_HEADS.bindMobile, { body });

/** Binds a chat-app identity to the logged-in mobile account (POST /user/bind/wechat). */
export const bindWechat = (body: BindWechatRequest): Promise<Profile> => call(ACCOUNT_HEADS.bindWechat, { body });

/** Lets the bound chat-app identity go, with the account's password (POST /user/bind/wechat/remove). */
export const unbindWechat = (body: UnbindWechatRequest): Promise<Profile> => call(ACCOUNT_HEADS.unbindWechat, { body });
