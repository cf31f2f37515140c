import type { LoginTicketState } from '@credit-portal/shared';
import { ACCOUNT_HEADS } from '@credit-portal/shared/heads/account';
import useSWRImmutable from 'swr/immutable';
import { call } from '@/lib/api-client';

/** Tells the service the phone opened the ticket's page (POST /user/loginticket/scan). */
export const scanLoginTicket = (ticket: string): Promise<LoginTicketState> =>
  call(ACCOUNT_HEADS.loginTicketScan, { body: { Ticket: ticket } });

export const scanLoginTicketKey = (ticket: string) =>
  ticket ? ([ACCOUNT_HEADS.loginTicketScan.path, ticket] as const) : null;

/** Marks the ticket scanned once per page (a double mount shares the call). */
export function useScanLoginTicket(ticket: string) {
  return useSWRImmutable(scanLoginTicketKey(ticket), ([, key]) => scanLoginTicket(key), { shouldRetryOnError: false });
}
