import {
  LOGIN_TICKET_POLL_MS,
  type LoginTicket,
  type LoginTicketPoll,
  type LoginTicketState,
} from '@credit-portal/shared';
import { ACCOUNT_HEADS } from '@credit-portal/shared/heads/account';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** The state of a ticket, and its login once the phone confirmed (POST /user/loginticket/status). */
export function getLoginTicketStatus(body: LoginTicketPoll): Promise<LoginTicketState> {
  return call(ACCOUNT_HEADS.loginTicketStatus, { body });
}

export const loginTicketStatusKey = (ticket: LoginTicket | undefined) =>
  ticket ? ([ACCOUNT_HEADS.loginTicketStatus.path, ticket.Ticket, ticket.PollToken] as const) : null;

/** True once nothing can change any more: polling stops. */
export const isFinalTicketState = (state: LoginTicketState | undefined): boolean =>
  state !== undefined && state.Status !== 'pending' && state.Status !== 'scanned';

/** Polls a ticket about every 1.5 s until it is confirmed, expired or used. */
export function useLoginTicketStatus(ticket: LoginTicket | undefined) {
  return useSWR(loginTicketStatusKey(ticket), ([, Ticket, PollToken]) => getLoginTicketStatus({ Ticket, PollToken }), {
    refreshInterval: (state) => (isFinalTicketState(state) ? 0 : LOGIN_TICKET_POLL_MS),
    refreshWhenHidden: true,
    revalidateOnFocus: false,
    dedupingInterval: 0,
  });
}
