import type { Migration } from './migration.js';

const migration: Migration = {
  version: 28,
  name: 'public-change-marks',
  // Where the jobs that record public changes got to (e.g. the day through which the records whose
  // publicity ended have had their withdrawal recorded), so that a restart records nothing twice.
  sql: `
CREATE TABLE public_change_marks (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`,
};

export default migration;
