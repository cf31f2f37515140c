import type { Migration } from './migration.js';

const migration: Migration = {
  version: 29,
  name: 'report-coverage',
  // What an issued report covered (reports/coverage.ts: the ids of the entity's public records of
  // each kind on the day of issue, canonical JSON), so that its status can say whether it is still
  // current. Its SHA-256 is part of what the record's SM2 signature covers; null for the reports
  // issued before, whose signature stays as it was.
  sql: `
ALTER TABLE credit_reports ADD COLUMN coverage TEXT;
`,
};

export default migration;
