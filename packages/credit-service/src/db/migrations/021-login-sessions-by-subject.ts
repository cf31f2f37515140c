import type { Migration } from './migration.js';

/** A password reset ends every login of its account: the sessions found by their subject. */
const migration: Migration = {
  version: 21,
  name: 'login-sessions-by-subject',
  sql: `
CREATE INDEX login_sessions_by_subject ON login_sessions (subject) WHERE revoked_at IS NULL;
`,
};

export default migration;
