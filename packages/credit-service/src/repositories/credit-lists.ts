import type { Database } from 'better-sqlite3';
import type {
  CreditPromise,
  PromiseFulfilmentDetail,
  PromiseFulfilmentRow,
  RedBlackDetail,
  RedBlackListItem,
} from '@credit-portal/shared';
import type { SiteIdentity } from '../lib/site.js';
import { containsPattern, rowId } from '../lib/sql.js';
import { promiseColumns } from './entity-details.js';
import type { Page } from './publicity.js';

export interface ListFilter {
  /** Normalized keyword (entity name, or its credit code); undefined lists everything. */
  keyword?: string;
  offset: number;
  limit: number;
}

/** What an entry of each list brings (联合奖惩), shown on its detail. */
const MEASURES: Readonly<Record<RedBlackListItem['ListType'], string>> = {
  red: '在行政审批中适用“绿色通道”和容缺受理等便利措施；在财政资金补助、评优评先中同等条件下优先考虑；在日常检查、专项检查中优化检查频次。',
  black:
    '依法依规限制参与政府采购、招标投标；限制取得政府供应土地、财政资金支持；列为重点监管对象，提高检查频次；限制高消费及非生活和工作必需的消费行为（失信被执行人）。',
};

const ENTRY_COLUMNS = `CAST(r.id AS TEXT) AS id, e.name AS EntName, e.credit_code AS CreditCode, r.list_type AS ListType,
  r.list_name AS ListName, r.reason AS Reason, r.authority AS Authority, r.included_on AS IncludedOn,
  r.valid_until AS ValidUntil, r.authority AS SourceUnit, r.included_on || ' 09:00:00' AS UpdateTime`;

const FULFILMENT_COLUMNS = `CAST(f.id AS TEXT) AS id, e.name AS EntName, e.credit_code AS CreditCode,
  p.promise_type AS PromiseType, p.promised_on AS PromiseDate, f.checked_on AS CheckedOn, f.checker AS Checker`;

/** Entity keyword condition: name contains it (literally), or the credit code is it. */
const ENTITY_MATCH = `(@like IS NULL OR e.name LIKE @like ESCAPE '\\' OR e.credit_code = @code)`;

/**
 * The public credit lists: red and black list entries in force on `today` (the source
 * unit is the deciding authority, the update time the listing day's), published promises and the
 * fulfilment checks of the kept ones.
 */
export function createCreditListRepository(db: Database, site: SiteIdentity) {
  const promiseSelect = promiseColumns(site);
  const entryWhere = `FROM red_black_list r JOIN entities e ON e.id = r.entity_id
    WHERE r.valid_until >= @today AND (@type IS NULL OR r.list_type = @type) AND ${ENTITY_MATCH}`;
  const entryCount = db.prepare(`SELECT COUNT(*) ${entryWhere}`).pluck();
  const entryRows = db.prepare(
    `SELECT ${ENTRY_COLUMNS} ${entryWhere} ORDER BY r.included_on DESC, r.id DESC LIMIT @limit OFFSET @offset`,
  );
  const entryById = db.prepare(
    `SELECT ${ENTRY_COLUMNS}, r.entity_id AS entityId, e.ent_type AS EntType, e.legal_rep AS LegalRep,
       e.address AS Address
     FROM red_black_list r JOIN entities e ON e.id = r.entity_id WHERE r.id = ?`,
  );
  const entriesOf = db.prepare(
    `SELECT ${ENTRY_COLUMNS} FROM red_black_list r JOIN entities e ON e.id = r.entity_id
     WHERE r.entity_id = ? AND r.id <> ? AND r.valid_until >= ? ORDER BY r.included_on DESC, r.id DESC LIMIT 50`,
  );
  const promiseWhere = `FROM credit_promises p JOIN entities e ON e.id = p.entity_id
    WHERE p.status = '已公示' AND ${ENTITY_MATCH}`;
  const promiseCount = db.prepare(`SELECT COUNT(*) ${promiseWhere}`).pluck();
  const promiseRows = db.prepare(
    `SELECT ${promiseSelect} ${promiseWhere} ORDER BY p.promised_on DESC, p.id DESC LIMIT @limit OFFSET @offset`,
  );
  const promiseById = db.prepare(
    `SELECT ${promiseSelect} FROM credit_promises p JOIN entities e ON e.id = p.entity_id
     WHERE p.id = ? AND p.status = '已公示'`,
  );

  // A check of a promise that is no longer public (never the case in the data set) is not shown.
  const fulfilmentWhere = `FROM promise_fulfilments f JOIN credit_promises p ON p.id = f.promise_id
    JOIN entities e ON e.id = p.entity_id WHERE p.status = '已公示' AND ${ENTITY_MATCH}`;
  const fulfilmentCount = db.prepare(`SELECT COUNT(*) ${fulfilmentWhere}`).pluck();
  const fulfilmentRows = db.prepare(
    `SELECT ${FULFILMENT_COLUMNS} ${fulfilmentWhere} ORDER BY f.checked_on DESC, f.id DESC LIMIT @limit OFFSET @offset`,
  );
  const fulfilmentById = db.prepare(
    `SELECT ${FULFILMENT_COLUMNS}, CAST(p.id AS TEXT) AS PromiseId, p.promiser AS Promiser, p.content AS Content,
       f.fulfilment AS Fulfilment, f.source_unit AS SourceUnit, f.updated_at AS UpdateTime
     FROM promise_fulfilments f JOIN credit_promises p ON p.id = f.promise_id JOIN entities e ON e.id = p.entity_id
     WHERE f.id = ? AND p.status = '已公示'`,
  );

  const match = (keyword: string | undefined) => ({
    like: keyword ? containsPattern(keyword) : null,
    code: keyword ?? null,
  });

  return {
    /** Entries in force, newest listing first. */
    redBlack(filter: ListFilter & { listType?: 'red' | 'black' }, today: string): Page<RedBlackListItem> {
      const where = { ...match(filter.keyword), type: filter.listType ?? null, today };
      return {
        rows: entryRows.all({ ...where, limit: filter.limit, offset: filter.offset }) as RedBlackListItem[],
        total: entryCount.get(where) as number,
      };
    },

    /** An entry with its entity and the entity's other entries in force; 'expired' past its validity. */
    redBlackEntry(id: string, today: string): RedBlackDetail | 'expired' | undefined {
      const key = rowId(id);
      const row =
        key === null
          ? undefined
          : (entryById.get(key) as (Omit<RedBlackDetail, 'Measures' | 'Related'> & { entityId: number }) | undefined);
      if (!row) return undefined;
      if (row.ValidUntil < today) return 'expired';
      const { entityId, ...entry } = row;
      return {
        ...entry,
        Measures: MEASURES[entry.ListType],
        Related: entriesOf.all(entityId, key, today) as RedBlackListItem[],
      };
    },

    /** Published promises, newest first. */
    promises(filter: ListFilter): Page<CreditPromise> {
      const where = match(filter.keyword);
      return {
        rows: promiseRows.all({ ...where, limit: filter.limit, offset: filter.offset }) as CreditPromise[],
        total: promiseCount.get(where) as number,
      };
    },

    /** Kept promises (守信践诺), newest check first. */
    fulfilments(filter: ListFilter): Page<PromiseFulfilmentRow> {
      const where = match(filter.keyword);
      return {
        rows: fulfilmentRows.all({ ...where, limit: filter.limit, offset: filter.offset }) as PromiseFulfilmentRow[],
        total: fulfilmentCount.get(where) as number,
      };
    },

    /** One fulfilment check with its promise. */
    fulfilment(id: string): PromiseFulfilmentDetail | undefined {
      const key = rowId(id);
      return key === null ? undefined : (fulfilmentById.get(key) as PromiseFulfilmentDetail | undefined);
    },

    /** A published promise; one still under review is not public. */
    promise(id: string): CreditPromise | undefined {
      const key = rowId(id);
      return key === null ? undefined : (promiseById.get(key) as CreditPromise | undefined);
    },
  };
}

export type CreditListRepository = ReturnType<typeof createCreditListRepository>;
