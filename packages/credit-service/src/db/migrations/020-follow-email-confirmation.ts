import type { Migration } from './migration.js';

/**
 * 信用关注's digest address must be confirmed by its owner before any digest goes to it (a
 * security review: anyone with an account could have the centre mail a stranger daily). The
 * account saves an address; a link with a random token goes to it; opening the link and
 * confirming marks the address confirmed. The token is kept as its SHA-256 only, with its expiry,
 * and cleared when used or replaced: one link, once. Changing the address clears the confirmation.
 *
 * Addresses saved before this step start unconfirmed (safe by default): their digests pause and
 * the 信用关注 page asks the account to send the confirmation mail.
 */
const migration: Migration = {
  version: 20,
  name: 'follow-email-confirmation',
  sql: `
ALTER TABLE follow_settings ADD COLUMN email_confirmed INTEGER NOT NULL DEFAULT 0 CHECK (email_confirmed IN (0, 1));
-- SHA-256 (base64url, lib/hash.ts) of the pending confirmation link's token, its expiry and when it was mailed (epoch ms).
ALTER TABLE follow_settings ADD COLUMN confirm_token_hash TEXT;
ALTER TABLE follow_settings ADD COLUMN confirm_expires INTEGER;
ALTER TABLE follow_settings ADD COLUMN confirm_sent_at INTEGER;
CREATE UNIQUE INDEX follow_settings_by_confirm_token ON follow_settings (confirm_token_hash)
  WHERE confirm_token_hash IS NOT NULL;
`,
};

export default migration;
