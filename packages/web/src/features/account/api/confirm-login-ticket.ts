import type { LoginTicketState } from '@credit-portal/shared';
import { ACCOUNT_HEADS } from '@credit-portal/shared/heads/account';
import { call } from '@/lib/api-client';

/** Confirms the desktop's login with the phone's own login (POST /user/loginticket/confirm, bearer). */
export const confirmLoginTicket = (ticket: string, token: string): Promise<LoginTicketState> =>
  call(ACCOUNT_HEADS.loginTicketConfirm, { body: { Ticket: ticket }, token });
