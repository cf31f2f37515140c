import type { Database } from 'better-sqlite3';
import {
  INTERACTION_TYPES,
  SATISFACTION_LEVELS,
  type InteractionDetail,
  type InteractionListItem,
  type InteractionPage,
  type InteractionSearchQuery,
  type InteractionStatistics,
  type InteractionStatus,
  type InteractionType,
} from '@credit-portal/shared';
import { containsPattern, pageOffset, rowId } from '../lib/sql.js';

/* Reads of the interaction messages (migration 5): lists and searches, one message, a year's figures. */

interface MessageRow {
  id: number;
  code: string;
  type: InteractionType;
  title: string;
  content: string;
  asker: string;
  created_at: string;
  dept: string;
  status: InteractionStatus;
  reply: string | null;
  replied_at: string | null;
  satisfaction: InteractionDetail['satisfaction'];
  is_public: number;
}

export interface InteractionFilter extends Omit<InteractionSearchQuery, 'pageIndex' | 'pageSize'> {
  pageIndex: number;
  pageSize: number;
}

const MESSAGE_LIST_COLUMNS = 'id, code, type, title, asker, created_at, dept, status, replied_at';
// Days between the message and its reply, from the stored local date-times.
const REPLY_DAYS = 'julianday(replied_at) - julianday(created_at)';

const round1 = (value: number): number => Math.round(value * 10) / 10;

const toListItem = (row: MessageRow): InteractionListItem => ({
  id: String(row.id),
  code: row.code,
  type: row.type,
  title: row.title,
  asker: row.asker,
  createdAt: row.created_at,
  status: row.status,
  dept: row.dept,
  repliedAt: row.replied_at,
});

/** Builds the WHERE clause of a message search; every value is bound, never spliced. */
function messageWhere(filter: InteractionFilter): { sql: string; params: Record<string, unknown> } {
  const parts = ['is_public = 1'];
  const params: Record<string, unknown> = {};
  if (filter.type) {
    parts.push('type = @type');
    params.type = filter.type;
  }
  if (filter.status) {
    parts.push('status = @status');
    params.status = filter.status;
  }
  if (filter.dept) {
    parts.push('dept = @dept');
    params.dept = filter.dept;
  }
  if (filter.code) {
    parts.push('code = @code');
    params.code = filter.code.trim().toUpperCase();
  }
  if (filter.keyword) {
    parts.push(`(title LIKE @like ESCAPE '\\' OR content LIKE @like ESCAPE '\\' OR reply LIKE @like ESCAPE '\\'
      OR code = @upper)`);
    params.like = containsPattern(filter.keyword);
    params.upper = filter.keyword.trim().toUpperCase();
  }
  if (filter.dateFrom) {
    parts.push('created_at >= @dateFrom');
    params.dateFrom = filter.dateFrom;
  }
  if (filter.dateTo) {
    // The whole last day counts: created_at carries a time.
    parts.push("created_at < date(@dateTo, '+1 day')");
    params.dateTo = filter.dateTo;
  }
  return { sql: parts.join(' AND '), params };
}

export function createInteractionRepository(db: Database) {
  // A search builds its WHERE from the filters present: one prepared statement per combination.
  const statements = new Map<string, ReturnType<Database['prepare']>>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const messageById = db.prepare('SELECT * FROM interaction_messages WHERE id = ?');
  const years = db
    .prepare('SELECT DISTINCT CAST(substr(created_at, 1, 4) AS INTEGER) FROM interaction_messages ORDER BY 1 DESC')
    .pluck();
  const yearTotals = db.prepare(
    `SELECT COUNT(*) AS total, COALESCE(SUM(status = 'replied'), 0) AS replied,
       COALESCE(AVG(CASE WHEN status = 'replied' THEN ${REPLY_DAYS} END), 0) AS days
     FROM interaction_messages WHERE substr(created_at, 1, 4) = @year`,
  );
  const byType = db.prepare(
    `SELECT type, COUNT(*) AS count, COALESCE(SUM(status = 'replied'), 0) AS replied
     FROM interaction_messages WHERE substr(created_at, 1, 4) = @year GROUP BY type`,
  );
  const typeColumns = (Object.keys(INTERACTION_TYPES) as InteractionType[])
    .map((type) => `COALESCE(SUM(type = '${type}'), 0) AS ${type}`)
    .join(', ');
  const byMonth = db.prepare(
    `SELECT substr(created_at, 1, 7) AS month, COUNT(*) AS total, COALESCE(SUM(status = 'replied'), 0) AS replied,
       ${typeColumns}
     FROM interaction_messages WHERE substr(created_at, 1, 4) = @year GROUP BY month ORDER BY month`,
  );
  const byDept = db.prepare(
    `SELECT dept, COUNT(*) AS total, COALESCE(SUM(status = 'replied'), 0) AS replied,
       COALESCE(AVG(CASE WHEN status = 'replied' THEN ${REPLY_DAYS} END), 0) AS days, ${typeColumns}
     FROM interaction_messages WHERE substr(created_at, 1, 4) = @year GROUP BY dept ORDER BY total DESC, dept`,
  );
  const satisfaction = db.prepare(
    `SELECT satisfaction AS level, COUNT(*) AS count FROM interaction_messages
     WHERE substr(created_at, 1, 4) = @year AND satisfaction IS NOT NULL GROUP BY satisfaction`,
  );

  return {
    /** Public messages matching the filter, newest first. */
    messages(filter: InteractionFilter): InteractionPage {
      const { sql, params } = messageWhere(filter);
      const total = prepared(`SELECT COUNT(*) FROM interaction_messages WHERE ${sql}`).pluck().get(params) as number;
      const rows = prepared(
        `SELECT ${MESSAGE_LIST_COLUMNS} FROM interaction_messages WHERE ${sql}
           ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`,
      ).all({
        ...params,
        limit: filter.pageSize,
        offset: pageOffset(filter.pageIndex, filter.pageSize),
      }) as MessageRow[];
      return { list: rows.map(toListItem), totalCount: total };
    },

    /** One public message with its reply; undefined when unknown or not public. */
    message(id: string): InteractionDetail | undefined {
      const key = rowId(id);
      const row = key === null ? undefined : (messageById.get(key) as MessageRow | undefined);
      if (!row || row.is_public !== 1) return undefined;
      return { ...toListItem(row), content: row.content, reply: row.reply, satisfaction: row.satisfaction };
    },

    /** One year's figures (the latest year with messages when none is asked); undefined when the year has none. */
    statistics(year?: number): InteractionStatistics | undefined {
      const available = years.all() as number[];
      const target = year ?? available[0];
      if (target === undefined || !available.includes(target)) return undefined;
      const params = { year: String(target) };
      const totals = yearTotals.get(params) as { total: number; replied: number; days: number };
      const types = new Map(
        (byType.all(params) as { type: InteractionType; count: number; replied: number }[]).map((r) => [r.type, r]),
      );
      const months = byMonth.all(params) as InteractionStatistics['byMonth'];
      // Every month up to the last one with messages, so a quiet month shows as zero, not as a gap.
      const lastMonth = Number(months.at(-1)?.month.slice(5) ?? 12);
      const monthMap = new Map(months.map((m) => [m.month, m]));
      const allMonths = Array.from({ length: lastMonth }, (_, i) => {
        const month = `${target}-${String(i + 1).padStart(2, '0')}`;
        return monthMap.get(month) ?? { month, total: 0, replied: 0, consult: 0, complaint: 0, suggestion: 0 };
      });
      const levels = new Map(
        (satisfaction.all(params) as { level: string; count: number }[]).map((r) => [r.level, r.count]),
      );
      return {
        year: target,
        years: available,
        total: totals.total,
        replied: totals.replied,
        processing: totals.total - totals.replied,
        replyRate: totals.total === 0 ? 0 : totals.replied / totals.total,
        averageReplyDays: round1(totals.days),
        byType: (Object.keys(INTERACTION_TYPES) as InteractionType[]).map((type) => ({
          type,
          count: types.get(type)?.count ?? 0,
          replied: types.get(type)?.replied ?? 0,
        })),
        byMonth: allMonths,
        byDept: (byDept.all(params) as (InteractionStatistics['byDept'][number] & { days: number })[]).map(
          ({ days, ...row }) => ({ ...row, averageReplyDays: round1(days) }),
        ),
        satisfaction: SATISFACTION_LEVELS.map((level) => ({ level, count: levels.get(level) ?? 0 })),
      };
    },
  };
}

export type InteractionRepository = ReturnType<typeof createInteractionRepository>;
