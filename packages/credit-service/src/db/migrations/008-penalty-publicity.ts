import type { Migration } from './migration.js';

const migration: Migration = {
  version: 8,
  name: 'penalty-publicity',
  sql: `
-- Penalties are published by severity (国办发〔2025〕22号): 轻微 never, 一般 3 months to 1 year,
-- 严重 1 to 3 years from the decision date; a repaired record (repaired_on) leaves publicity.
ALTER TABLE penalties ADD COLUMN severity TEXT NOT NULL DEFAULT '一般' CHECK (severity IN ('轻微', '一般', '严重'));
ALTER TABLE penalties ADD COLUMN repaired_on TEXT;
-- Natural persons (v2.0): identity document type and number (masked on the wire).
ALTER TABLE penalties ADD COLUMN CF_XDR_ZJLX TEXT NOT NULL DEFAULT '';
ALTER TABLE penalties ADD COLUMN CF_XDR_ZJHM TEXT NOT NULL DEFAULT '';
-- Rows seeded before: a deadline beyond a year means a serious case.
UPDATE penalties SET severity = '严重' WHERE CF_GSJZQ > date(CF_JDRQ, '+12 months');
`,
};

export default migration;
