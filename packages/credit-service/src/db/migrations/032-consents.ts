import type { Migration } from './migration.js';

/**
 * Consents to the 个人信息处理规则 (PIPL Art. 14, 17): one row per act of consent, with the rules'
 * version and the time; a withdrawal sets withdrawn_at and a new consent is a new row, so the
 * record shows what was agreed to when.
 *
 * subject: whose consent — user:<id> or wechat:<openId> for accounts (the owners of 信用关注), or
 * h5:<HMAC of the ID number> for an H5 resident before the hand-off to face verification.
 */
const migration: Migration = {
  version: 32,
  name: 'consents',
  sql: `
CREATE TABLE consents (
  id INTEGER PRIMARY KEY,
  subject TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('registration', 'wechat_binding', 'digest_mail', 'face_verification')),
  version TEXT NOT NULL,
  granted_at TEXT NOT NULL,
  withdrawn_at TEXT
);
CREATE INDEX consents_by_subject ON consents (subject, purpose);
`,
};

export default migration;
