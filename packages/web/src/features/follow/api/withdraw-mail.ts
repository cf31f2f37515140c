import type { FollowWithdrawResult } from '@credit-portal/shared';
import { FOLLOW_HEADS } from '@credit-portal/shared/heads/follow';
import { callWithMessage } from '@/lib/api-client';

/** Withdraws the consent to 信用关注's mails in one click: the mails stop, the address is erased (POST WithdrawMailConsent). */
export const withdrawMail = (): Promise<{ data: FollowWithdrawResult; message: string }> =>
  callWithMessage(FOLLOW_HEADS.followWithdrawMail, { body: {} });

/** The same from a mail's signed link, without a login (POST WithdrawMailConsentByLink). */
export const withdrawMailByLink = (token: string): Promise<{ data: FollowWithdrawResult; message: string }> =>
  callWithMessage(FOLLOW_HEADS.followWithdrawMailByLink, { body: { token } });
