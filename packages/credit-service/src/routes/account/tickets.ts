import { randomBytes } from 'node:crypto';
import {
  CONTRACTS,
  ACCOUNT_MESSAGES,
  LOGIN_TICKET_TTL_SECONDS,
  browserSummary,
  type LoginTicketState,
} from '@credit-portal/shared';
import { errorCodeOk } from '../../lib/dialect.js';
import { ConflictError, GoneError, NotFoundError } from '../../lib/errors.js';
import type { TicketRow } from '../../repositories/account-tickets.js';
import { serve } from '../../lib/serve.js';
import type { TypeboxApp } from '../../lib/typebox-app.js';
import { sameText, sha256 } from '../../lib/hash.js';

/** How long after its expiry a confirmed ticket's login can still be collected by the desktop. */
const CLAIM_GRACE_MS = 60_000;

const iso = (ms: number): string => new Date(ms).toISOString();

/** The answer for a ticket the phone may still act on: unknown, expired or used ones are refused. */
function usable(row: TicketRow | null, now: number): TicketRow {
  if (!row) throw new NotFoundError(ACCOUNT_MESSAGES.ticketNotFound);
  if (row.status === 'confirmed' || row.status === 'used') throw new ConflictError(ACCOUNT_MESSAGES.ticketUsed);
  if (row.expiresAt <= now) throw new GoneError(ACCOUNT_MESSAGES.ticketExpired);
  return row;
}

/**
 * QR-code login (spec §2.1 grzx/scancode). The desktop creates a ticket and shows its id in a
 * QR code; the phone opens the confirmation page (scan: it is told which browser, address and
 * time asked), logs in there and confirms; the desktop, polling with the poll token only it
 * holds, receives a login (a new session), once. That session is made from the phone's and ends
 * no later; made from a hand-off, it is restricted as the hand-off (it cannot bind) and ends with it.
 */
export function registerTicketRoutes(app: TypeboxApp): void {
  const { auth, audit } = app;
  serve(app, CONTRACTS.loginTicketCreate, async (request) => {
    auth.sweep();
    const now = Date.now();
    const ticket = randomBytes(18).toString('base64url');
    const pollToken = randomBytes(24).toString('base64url');
    const expiresAt = now + LOGIN_TICKET_TTL_SECONDS * 1000;
    // Who asks, for the phone to show before it confirms (a QR code shown by someone else
    // would otherwise log that someone in as the person who scans it).
    const requester = { browser: browserSummary(request.headers['user-agent']), ip: request.ip };
    auth.tickets.create(ticket, sha256(pollToken), now, expiresAt, requester);
    return errorCodeOk({
      Ticket: ticket,
      PollToken: pollToken,
      Status: 'pending' as const,
      ExpiresAt: iso(expiresAt),
    });
  });

  serve(app, CONTRACTS.loginTicketStatus, async (request) => {
    const now = Date.now();
    const row = auth.tickets.find(request.body.Ticket);
    if (!row || !sameText(row.pollHash, sha256(request.body.PollToken))) {
      throw new NotFoundError(ACCOUNT_MESSAGES.ticketNotFound);
    }
    const state = (status: LoginTicketState['Status'], login: LoginTicketState['Login'] = null) =>
      errorCodeOk<LoginTicketState>({ Status: status, ExpiresAt: iso(row.expiresAt), Login: login });
    if (row.status === 'used') return state('used');
    if (row.status === 'confirmed') {
      if (row.expiresAt + CLAIM_GRACE_MS <= now) return state('expired');
      const subject = row.subject ? auth.accounts.resolve(row.subject) : null;
      if (!subject || !auth.tickets.claim(row.ticket)) return state('used');
      // The desktop borrows the confirming login: none once that one has ended (or, a ticket
      // confirmed before logins were recorded on tickets, is unknown).
      const login = row.confirmedSid ? auth.issueQrLogin(subject, row.confirmedSid, row.confirmedRestricted) : null;
      if (!login) return state('expired');
      // The poll is no event; the one that collects the login is.
      await audit.recordFor(request, 'account.qr_login', {
        actor: audit.account(subject),
        subject: audit.account(subject),
      });
      return state('confirmed', login);
    }
    return state(row.expiresAt <= now ? 'expired' : row.status);
  });

  serve(app, CONTRACTS.loginTicketScan, async (request) => {
    const now = Date.now();
    const row = usable(auth.tickets.find(request.body.Ticket), now);
    auth.tickets.scan(row.ticket, now);
    return errorCodeOk<LoginTicketState>({
      Status: 'scanned',
      ExpiresAt: iso(row.expiresAt),
      Login: null,
      Requester: { Browser: row.requesterBrowser, Ip: row.requesterIp, RequestedAt: iso(row.createdAt) },
    });
  });

  serve(
    app,
    CONTRACTS.loginTicketConfirm,
    async (request) => {
      const session = auth.session(request);
      const now = Date.now();
      const row = usable(auth.tickets.find(request.body.Ticket), now);
      const by = { subject: session.subject.key, sid: session.sid, restricted: session.restricted };
      if (!auth.tickets.confirm(row.ticket, by, now)) {
        // Another call changed the ticket in between: answer for what it is now.
        usable(auth.tickets.find(row.ticket), now);
        throw new ConflictError(ACCOUNT_MESSAGES.ticketUsed);
      }
      return errorCodeOk<LoginTicketState>(
        { Status: 'confirmed', ExpiresAt: iso(row.expiresAt), Login: null },
        '已确认登录',
      );
    },
    { onRequest: auth.requireLogin, config: { audit: 'account.qr_confirm' } },
  );
}
