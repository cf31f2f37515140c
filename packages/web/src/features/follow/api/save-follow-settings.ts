import type { FollowSettings, FollowSettingsRequest } from '@credit-portal/shared';
import { FOLLOW_CONTRACTS } from '@credit-portal/shared/contracts/follow';
import { call } from '@/lib/api-client';

/** Turns the daily digest mail on (with an address) or off (POST SaveFollowSettings). */
export const saveFollowSettings = (body: FollowSettingsRequest): Promise<FollowSettings> =>
  call(FOLLOW_CONTRACTS.followSettings, { body });
