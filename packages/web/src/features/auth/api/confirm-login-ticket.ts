import { API_PATHS, type LoginTicketState } from '@credit-portal/shared';
import { request } from '@/lib/api-client';

/** Confirms the desktop's login with the phone's own login (POST /user/loginticket/confirm, bearer). */
export const confirmLoginTicket = (ticket: string, token: string): Promise<LoginTicketState> =>
  request<LoginTicketState>(API_PATHS.loginTicketConfirm, { method: 'POST', body: { Ticket: ticket }, token });
