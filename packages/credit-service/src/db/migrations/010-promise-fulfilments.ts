import type { Migration } from './migration.js';

const migration: Migration = {
  version: 10,
  name: 'promise-fulfilments',
  // The fulfilment checks of published credit promises — the
  // competent unit checked a promise after its term and found it kept (守信践诺). One check per
  // promise; checked_on yyyy-mm-dd, updated_at yyyy-mm-dd hh:mm:ss.
  sql: `
CREATE TABLE promise_fulfilments (
  id INTEGER PRIMARY KEY,
  promise_id INTEGER NOT NULL UNIQUE REFERENCES credit_promises (id),
  checked_on TEXT NOT NULL,
  checker TEXT NOT NULL,
  fulfilment TEXT NOT NULL,
  source_unit TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX promise_fulfilments_by_date ON promise_fulfilments (checked_on DESC, id DESC);
`,
};

export default migration;
