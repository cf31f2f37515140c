import type { Database } from 'better-sqlite3';
import type { AuditHead, AuditHeadStore, ExternalAnchor } from '@credit-portal/node-common';

/*
 * The chain heads the audit writer anchors, kept in the service's database as well as in the
 * chain: someone who can rewrite or cut the audit files does not also change these rows, and
 * `audit verify --data-dir` checks the files still hold every one (a cut end shows). The table is
 * the audit module's own (created here, not by a migration): the trail works on any database the
 * service opens, and it never holds personal data.
 *
 * Beside them, each chain's head (its last durable record, MAC'd) after every batch: the anchors
 * come every few minutes, the head with each record, so a cut after the last anchor shows too.
 */

const SCHEMA = `CREATE TABLE IF NOT EXISTS audit_anchors (
  series TEXT NOT NULL,
  seq INTEGER NOT NULL,
  hash TEXT NOT NULL,
  reason TEXT NOT NULL,
  at TEXT NOT NULL,
  PRIMARY KEY (series, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS audit_heads (
  series TEXT PRIMARY KEY,
  seq INTEGER NOT NULL,
  hash TEXT NOT NULL,
  mac TEXT NOT NULL
) WITHOUT ROWID`;

/** The audit key the service generated when AUDIT_KEY is unset (kept here, never in the audit files). */
export const AUDIT_KEY_SECRET = 'audit-key';

export interface AnchorStore extends AuditHeadStore {
  put(anchor: ExternalAnchor & { time: string; reason: string }): void;
  /** The newest anchor of each series. */
  latest(): ExternalAnchor[];
  /** Each chain's head as its writer last kept it. */
  heads(): AuditHead[];
}

export function createAnchorStore(db: Database): AnchorStore {
  db.exec(SCHEMA);
  const insert = db.prepare(
    'INSERT OR REPLACE INTO audit_anchors (series, seq, hash, reason, at) VALUES (@series, @seq, @hash, @reason, @time)',
  );
  const latest = db.prepare('SELECT series, MAX(seq) AS seq, hash FROM audit_anchors GROUP BY series ORDER BY series');
  const keep = db.prepare(
    'INSERT OR REPLACE INTO audit_heads (series, seq, hash, mac) VALUES (@series, @seq, @hash, @mac)',
  );
  const heads = db.prepare('SELECT series, seq, hash, mac FROM audit_heads ORDER BY series');
  return {
    put: (anchor) => void insert.run(anchor),
    latest: () => latest.all() as ExternalAnchor[],
    keep: (head) => void keep.run(head),
    heads: () => heads.all() as AuditHead[],
  };
}

/** The audit key kept in the database, if the service generated one (read-only: the command line). */
export function storedAuditKey(db: Database): string | null {
  const row = db.prepare('SELECT value FROM service_secrets WHERE name = ?').pluck().get(AUDIT_KEY_SECRET);
  return typeof row === 'string' ? row : null;
}
