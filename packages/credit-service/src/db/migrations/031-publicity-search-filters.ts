import type { Migration } from './migration.js';

/**
 * The filters of the double-disclosure searches at a million records: a penalty's kinds as bits
 * (CF_CFLB is a ';'-separated text no index can search), and covering indexes so that any
 * combination of filters counts its matches from an index alone. The penalty indexes hold only the
 * records that can be in publicity (not 轻微, not repaired: the literal condition of
 * penaltyPublicizedSql, which lets SQLite use them), and end in the deadline CF_GSJZQ that the
 * search compares with today. They hold repaired_on too (always NULL in them): SQLite does not count
 * a column of the partial condition alone as covered, and a count over a date range read the table
 * for it (about 1 s of CPU at a million penalties) instead of the index alone.
 */
const migration: Migration = {
  version: 31,
  name: 'publicity-search-filters',
  sql: `
-- One bit per kind, in the order of PENALTY_KINDS (shared vocabulary).
ALTER TABLE penalties ADD COLUMN kind_bits INTEGER GENERATED ALWAYS AS (
  (instr(';' || CF_CFLB || ';', ';警告;') > 0)
  | ((instr(';' || CF_CFLB || ';', ';通报批评;') > 0) << 1)
  | ((instr(';' || CF_CFLB || ';', ';罚款;') > 0) << 2)
  | ((instr(';' || CF_CFLB || ';', ';没收违法所得、没收非法财物;') > 0) << 3)
  | ((instr(';' || CF_CFLB || ';', ';暂扣许可证件、降低资质等级、吊销许可证件;') > 0) << 4)
  | ((instr(';' || CF_CFLB || ';', ';限制开展生产经营活动、责令停产停业、责令关闭、限制从业;') > 0) << 5)
  | ((instr(';' || CF_CFLB || ';', ';行政拘留;') > 0) << 6)
  | ((instr(';' || CF_CFLB || ';', ';其他;') > 0) << 7)
) VIRTUAL;
CREATE INDEX penalties_search_by_date ON penalties (CF_JDRQ, CF_GSJZQ, severity, CF_ZT, kind_bits, repaired_on)
  WHERE severity <> '轻微' AND repaired_on IS NULL;
CREATE INDEX penalties_search_by_authority ON penalties (CF_CFJG, CF_JDRQ, CF_GSJZQ, severity, CF_ZT, kind_bits, repaired_on)
  WHERE severity <> '轻微' AND repaired_on IS NULL;
CREATE INDEX licences_search_by_date ON licences (XK_JDRQ, XK_XKLB);
CREATE INDEX licences_search_by_authority ON licences (XK_XKJG, XK_JDRQ, XK_XKLB);
`,
};

export default migration;
