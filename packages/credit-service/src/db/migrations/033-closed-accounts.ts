import type { Migration } from './migration.js';

/**
 * 注销账号 (PIPL Art. 47, 15): a closed account's row stays as a tombstone — its number replaced by
 * `closed:<id>`, its password hash by one nothing matches, closed_at set — so its id is never
 * given to a new account (users.id is a rowid: a deleted highest id would be reused, and the new
 * account would inherit the old one's audit references). The number itself is free: it can register
 * again, as a new account.
 */
const migration: Migration = {
  version: 33,
  name: 'closed-accounts',
  sql: `
ALTER TABLE users ADD COLUMN closed_at TEXT;
`,
};

export default migration;
