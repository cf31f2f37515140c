import { FOLLOW_NOTICE_PAGE_SIZE, type FollowNoticePage } from '@credit-portal/shared';
import { FOLLOW_HEADS } from '@credit-portal/shared/heads/follow';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** A page of the logged-in user's notices, newest first, with the unread count (GET GetFollowNotices). */
export const getFollowNotices = (pageIndex: number): Promise<FollowNoticePage> =>
  call(FOLLOW_HEADS.followNotices, { query: { pageIndex, pageSize: FOLLOW_NOTICE_PAGE_SIZE } });

export const followNoticesKey = (token: string, pageIndex: number) =>
  [FOLLOW_HEADS.followNotices.path, token, pageIndex] as const;

export function useFollowNotices(token: string, pageIndex: number) {
  return useSWR(followNoticesKey(token, pageIndex), ([, , page]) => getFollowNotices(page));
}
