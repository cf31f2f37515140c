import type { Database } from 'better-sqlite3';

/** A QR login ticket as stored; 'expired' is never stored, it is read off expires_at. */
export interface TicketRow {
  ticket: string;
  pollHash: string;
  status: 'pending' | 'scanned' | 'confirmed' | 'used';
  subject: string | null;
  /** The login session that confirmed it: the desktop's login is made from it (plugins/auth.ts issueQrLogin). */
  confirmedSid: string | null;
  /** The confirming login came by a link (a hand-off): so will the desktop's. */
  confirmedRestricted: boolean;
  createdAt: number;
  expiresAt: number;
  /** Browser summary and address of the computer that asked (shown on the phone). */
  requesterBrowser: string;
  requesterIp: string;
}

/** Which login confirmed a ticket. */
export interface TicketConfirmation {
  subject: string;
  sid: string;
  restricted: boolean;
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
    `SELECT ticket, poll_hash AS pollHash, status, subject, confirmed_sid AS confirmedSid,
       confirmed_restricted AS confirmedRestricted, created_at AS createdAt, expires_at AS expiresAt,
       requester_browser AS requesterBrowser, requester_ip AS requesterIp
     FROM login_tickets WHERE ticket = ?`,
  );
  const scan = db.prepare(
    "UPDATE login_tickets SET status = 'scanned' WHERE ticket = ? AND status = 'pending' AND expires_at > ?",
  );
  const confirm = db.prepare(
    `UPDATE login_tickets SET status = 'confirmed', subject = @subject, confirmed_sid = @sid,
       confirmed_restricted = @restricted
     WHERE ticket = @ticket AND status IN ('pending', 'scanned') AND expires_at > @now`,
  );
  const claim = db.prepare("UPDATE login_tickets SET status = 'used' WHERE ticket = ? AND status = 'confirmed'");
  const sweep = db.prepare('DELETE FROM login_tickets WHERE expires_at <= ?');

  return {
    create(ticket: string, pollHash: string, now: number, expiresAt: number, requester: TicketRequester): void {
      insert.run(ticket, pollHash, now, expiresAt, requester.browser, requester.ip);
    },
    find(ticket: string): TicketRow | null {
      const row = find.get(ticket) as
        (Omit<TicketRow, 'confirmedRestricted'> & { confirmedRestricted: number }) | undefined;
      return row ? { ...row, confirmedRestricted: row.confirmedRestricted === 1 } : null;
    },
    /** pending → scanned, while unexpired. */
    scan: (ticket: string, now: number): boolean => scan.run(ticket, now).changes === 1,
    /** pending or scanned → confirmed by a login, while unexpired. */
    confirm: (ticket: string, by: TicketConfirmation, now: number): boolean =>
      confirm.run({ ticket, now, subject: by.subject, sid: by.sid, restricted: by.restricted ? 1 : 0 }).changes === 1,
    /** confirmed → used: true for exactly one caller. */
    claim: (ticket: string): boolean => claim.run(ticket).changes === 1,
    sweep(now: number): void {
      sweep.run(now - KEEP_MS);
    },
  };
}

export type LoginTicketRepository = ReturnType<typeof createLoginTicketRepository>;
