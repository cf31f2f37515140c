import { CONTRACTS, type LoginTicketState } from '@credit-portal/shared';
import { call } from '@/lib/api-client';

/** Confirms the desktop's login with the phone's own login (POST /user/loginticket/confirm, bearer). */
export const confirmLoginTicket = (ticket: string, token: string): Promise<LoginTicketState> =>
  call(CONTRACTS.loginTicketConfirm, { body: { Ticket: ticket }, token });
