import type { Migration } from './migration.js';

const migration: Migration = {
  version: 23,
  name: 'account-failure-addresses',
  // Lockouts that protect, not punish: a number is locked for everyone only once failures came
  // from many addresses, so each address that failed is kept (both hashed) while its failure is
  // recent; one address's failures slow that address down (login_failures) and nobody else.
  sql: `
CREATE TABLE account_failure_addresses (
  account_key TEXT NOT NULL,
  address_key TEXT NOT NULL,
  last_failure INTEGER NOT NULL,
  PRIMARY KEY (account_key, address_key)
) WITHOUT ROWID;
`,
};

export default migration;
