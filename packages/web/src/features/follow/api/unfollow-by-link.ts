import type { FollowLinkResult } from '@credit-portal/shared';
import { FOLLOW_HEADS } from '@credit-portal/shared/heads/follow';
import { callWithMessage } from '@/lib/api-client';

/** Ends the follow a digest mail's signed link names, without a login (POST UnfollowByLink). */
export const unfollowByLink = (token: string): Promise<{ data: FollowLinkResult; message: string }> =>
  callWithMessage(FOLLOW_HEADS.followUnfollowByLink, { body: { token } });
