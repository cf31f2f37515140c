import type { FollowReadResult } from '@credit-portal/shared';
import { FOLLOW_HEADS } from '@credit-portal/shared/heads/follow';
import { call } from '@/lib/api-client';

/** Marks notices read: these ids, or all of the user's (POST ReadFollowNotices). */
export const readFollowNotices = (which: { ids: string[] } | 'all'): Promise<FollowReadResult> =>
  call(FOLLOW_HEADS.followNoticesRead, { body: which === 'all' ? { all: true } : { ids: which.ids } });
