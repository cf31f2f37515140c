import type { LoginTicket } from '@credit-portal/shared';
import { ACCOUNT_HEADS } from '@credit-portal/shared/heads/account';
import useSWRImmutable from 'swr/immutable';
import { call } from '@/lib/api-client';

/** A new QR login ticket (POST /user/loginticket/create). */
export const createLoginTicket = (): Promise<LoginTicket> => call(ACCOUNT_HEADS.loginTicketCreate, { body: {} });

/** SWR key of the n-th ticket of one visit of the page (null: no ticket wanted). */
export const loginTicketKey = (visit: number, attempt: number | null) =>
  attempt === null ? null : ([ACCOUNT_HEADS.loginTicketCreate.path, visit, attempt] as const);

/**
 * The ticket the QR code shows: one per visit of the page and refresh (a double mount in React's
 * strict mode shares it), never refetched by itself.
 */
export function useLoginTicket(visit: number, attempt: number | null) {
  return useSWRImmutable(loginTicketKey(visit, attempt), createLoginTicket, { shouldRetryOnError: false });
}
