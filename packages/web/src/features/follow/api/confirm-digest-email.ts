import type { FollowConfirmResult } from '@credit-portal/shared';
import { FOLLOW_HEADS } from '@credit-portal/shared/heads/follow';
import { callWithMessage } from '@/lib/api-client';

/** Confirms a digest address by the token its confirmation mail carried, without a login (POST ConfirmDigestEmail). */
export const confirmDigestEmail = (token: string): Promise<{ data: FollowConfirmResult; message: string }> =>
  callWithMessage(FOLLOW_HEADS.followConfirmEmail, { body: { token } });
