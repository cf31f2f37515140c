import type { Database } from 'better-sqlite3';

/** A QR login ticket as stored; 'expired' is never stored, it is read off expires_at. */
export interface TicketRow {
  ticket: string;
  pollHash: string;
  status: 'pending' | 'scanned' | 'confirmed' | 'used';
  subject: string | null;
  createdAt: number;
  expiresAt: number;
  /** Browser summary and address of the computer that asked (shown on the phone). */
  requesterBrowser: string;
  requesterIp: string;
}

/** Who created a ticket. */
export interface TicketRequester {
  browser: string;
  ip: string;
}

/** How long past its expiry a ticket row is kept before it is swept. */
const KEEP_MS = 24 * 60 * 60_000;

/**
 * QR login tickets: pending → scanned (the phone opened the page) → confirmed (the phone's
 * user approved) → used (the desktop took its login, once). Each step is a guarded UPDATE, so
 * two racing calls cannot both succeed.
 */
export function createLoginTicketRepository(db: Database) {
  const insert = db.prepare(
    `INSERT INTO login_tickets (ticket, poll_hash, status, subject, created_at, expires_at, requester_browser, requester_ip)
     VALUES (?, ?, 'pending', NULL, ?, ?, ?, ?)`,
  );
  const find = db.prepare(
    `SELECT ticket, poll_hash AS pollHash, status, subject, created_at AS createdAt, expires_at AS expiresAt,
       requester_browser AS requesterBrowser, requester_ip AS requesterIp
     FROM login_tickets WHERE ticket = ?`,
  );
  const scan = db.prepare(
    "UPDATE login_tickets SET status = 'scanned' WHERE ticket = ? AND status = 'pending' AND expires_at > ?",
  );
  const confirm = db.prepare(
    `UPDATE login_tickets SET status = 'confirmed', subject = ?
     WHERE ticket = ? AND status IN ('pending', 'scanned') AND expires_at > ?`,
  );
  const claim = db.prepare("UPDATE login_tickets SET status = 'used' WHERE ticket = ? AND status = 'confirmed'");
  const sweep = db.prepare('DELETE FROM login_tickets WHERE expires_at <= ?');

  return {
    create(ticket: string, pollHash: string, now: number, expiresAt: number, requester: TicketRequester): void {
      insert.run(ticket, pollHash, now, expiresAt, requester.browser, requester.ip);
    },
    find: (ticket: string): TicketRow | null => (find.get(ticket) as TicketRow | undefined) ?? null,
    /** pending → scanned, while unexpired. */
    scan: (ticket: string, now: number): boolean => scan.run(ticket, now).changes === 1,
    /** pending or scanned → confirmed by `subject`, while unexpired. */
    confirm: (ticket: string, subject: string, now: number): boolean => confirm.run(subject, ticket, now).changes === 1,
    /** confirmed → used: true for exactly one caller. */
    claim: (ticket: string): boolean => claim.run(ticket).changes === 1,
    sweep(now: number): void {
      sweep.run(now - KEEP_MS);
    },
  };
}

export type LoginTicketRepository = ReturnType<typeof createLoginTicketRepository>;
