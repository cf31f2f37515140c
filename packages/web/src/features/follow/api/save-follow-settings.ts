import type { FollowSettings, FollowSettingsRequest } from '@credit-portal/shared';
import { FOLLOW_HEADS } from '@credit-portal/shared/heads/follow';
import { callWithMessage } from '@/lib/api-client';

/**
 * Turns the daily digest mail on (with an address) or off (POST SaveFollowSettings); on with an
 * address not yet confirmed, the service mails it a confirmation link and says so in the message.
 */
export const saveFollowSettings = (body: FollowSettingsRequest): Promise<{ data: FollowSettings; message: string }> =>
  callWithMessage(FOLLOW_HEADS.followSettings, { body });
