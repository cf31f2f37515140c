import type { Migration } from './migration.js';

/**
 * The day a penalty becomes repairable, and the 信用修复承诺书 of a repair filing.
 *
 * repairable_notices is the ledger of "this account was told that this penalty can now be
 * repaired": one row per (penalty, account), written in the same transaction as the 信用关注
 * notice and the job's day mark (follow_marks 'repairable', the last day scanned as a day number), so
 * a restart neither repeats nor skips one. Its mail is claimed ('sending') before it is sent, as
 * the digests are: a mail goes at most once, and a failed one is retried by the next run.
 *
 * follow_settings.repairable_notice: a follower's opt-in (off by default); the accounts linked to
 * the entity (user_entities) are told always.
 *
 * application_promises: the promise a repair was filed with — the text's version and SHA-256,
 * the signer's typed name and the time — one per application, never changed.
 */
const migration: Migration = {
  version: 30,
  name: 'repairable-notices-and-promises',
  sql: `
-- The document number of the penalty a 可申请信用修复 notice names: its link to the filing finds the penalty by it.
ALTER TABLE follow_notices ADD COLUMN doc_no TEXT;
ALTER TABLE follow_settings ADD COLUMN repairable_notice INTEGER NOT NULL DEFAULT 0 CHECK (repairable_notice IN (0, 1));

CREATE TABLE repairable_notices (
  penalty_id INTEGER NOT NULL REFERENCES penalties (id),
  owner TEXT NOT NULL,
  -- Why this account: linked to the entity (owner) or following it with the opt-in (follower).
  role TEXT NOT NULL CHECK (role IN ('owner', 'follower')),
  repairable_from TEXT NOT NULL,
  created_at TEXT NOT NULL,
  -- The confirmed address the mail goes to; null: no mail (none confirmed when the notice was made).
  mail_to TEXT,
  mail_status TEXT CHECK (mail_status IN ('pending', 'sending', 'sent')),
  mailed_at TEXT,
  PRIMARY KEY (penalty_id, owner),
  CHECK ((mail_to IS NULL) = (mail_status IS NULL))
) WITHOUT ROWID;
CREATE INDEX repairable_notices_pending ON repairable_notices (mail_status) WHERE mail_status = 'pending';

CREATE TABLE application_promises (
  application_id INTEGER PRIMARY KEY REFERENCES service_applications (id),
  version TEXT NOT NULL,
  -- SHA-256 (hex) of the promise's text as shown (REPAIR_PROMISE of that version).
  text_sha256 TEXT NOT NULL,
  signer_name TEXT NOT NULL,
  signed_at TEXT NOT NULL
);
`,
};

export default migration;
