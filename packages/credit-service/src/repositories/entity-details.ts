import type { Database } from 'better-sqlite3';
import type {
  CreditPromise,
  EntityBaseInfo,
  EntityDetailInfo,
  EntityPenalty,
  LicenceBlock,
  PromiseType,
  RedBlackEntry,
} from '@credit-portal/shared';
import { rowId, sqlText } from '../lib/sql.js';
import { penaltyPublicizedSql } from './publicity.js';
import { createPublicStandingRepository, promiseSourceUnit } from './public-standing.js';
import type { SiteIdentity } from '../lib/site.js';

/** Rows per section of the details page: an entity's whole record, bounded against outliers. */
const SECTION_LIMIT = 200;

interface LicenceRecord {
  XK_WSH: string;
  XK_XKZS: string;
  XK_XKLB: string;
  XK_XKBH: string;
  XK_NR: string;
  XK_JDRQ: string;
  XK_YXQZ: string;
  XK_YXQZI: string;
  XK_XKJG: string;
  XK_XKJGDM: string;
  XK_LYDW: string;
  XK_LYDWDM: string;
}

/** A licence record as the collapsible licence block of spec §3 names its fields. */
export function toLicenceBlock(row: LicenceRecord): LicenceBlock {
  return {
    xzxkCode: row.XK_WSH,
    // Registrations are decided by a notice (通知书), other licences by a decision (决定书).
    xzxkName: row.XK_XKLB === '登记' ? '准予登记通知书' : '准予行政许可决定书',
    xkName: row.XK_XKZS,
    type: row.XK_XKLB,
    xkCode: row.XK_XKBH,
    decisionDate: row.XK_JDRQ,
    dateFrom: row.XK_YXQZ,
    dateTo: row.XK_YXQZI,
    content: row.XK_NR,
    dept: row.XK_XKJG,
    deptCode: row.XK_XKJGDM,
    sourceFrom: row.XK_LYDW,
    sourceCode: row.XK_LYDWDM,
  };
}

/** A credit promise as the calls answer it (`p` credit_promises, `e` its entity); the site's centre is their source. */
export const promiseColumns = (site: SiteIdentity): string => `CAST(p.id AS TEXT) AS ID, e.name AS EntName,
  e.credit_code AS CreditCode, p.promise_type AS PromiseType, p.content AS Content, p.promiser AS Promiser,
  p.promised_on AS PromiseDate, p.status AS Status, ${sqlText(promiseSourceUnit(site))} AS SourceUnit,
  p.created_at AS UpdateTime`;

export interface NewPromise {
  entityId: number;
  owner: string;
  promiseType: PromiseType;
  content: string;
  promiser: string;
  contactMobile: string;
  promisedOn: string;
  createdAt: string;
}

/**
 * What the entity details page shows behind login (entbaseinfos, v2/entdetailinfo) and the
 * credit promises users file. Penalties past their publicity deadline and list entries past
 * their validity are left out, as on the public lists; the other public lists come from
 * publicStanding, as in the reports.
 */
export function createEntityDetailRepository(db: Database, site: SiteIdentity) {
  const promiseSelect = promiseColumns(site);
  // The registering district from the regions table (migration 25); none known: the city alone.
  const base = db.prepare(
    `SELECT CAST(e.id AS TEXT) AS ID, e.name AS EntName, e.status AS Status, e.credit_code AS CreditCode,
       e.ent_type AS EntType, e.setup_date AS SetUpDate, e.legal_rep AS LegalRep, e.address AS Address,
       coalesce(r.name, '') AS district
     FROM entities e LEFT JOIN regions r ON r.region_code = e.region_code WHERE e.id = ?`,
  );
  const byCode = db.prepare('SELECT id, name FROM entities WHERE credit_code = ?');
  const owns = db.prepare('SELECT 1 FROM user_entities WHERE owner = ? AND entity_id = ?');
  const exists = db.prepare('SELECT 1 FROM entities WHERE id = ?');
  const licences = db.prepare(
    `SELECT XK_WSH, XK_XKZS, XK_XKLB, XK_XKBH, XK_NR, XK_JDRQ, XK_YXQZ, XK_YXQZI, XK_XKJG, XK_XKJGDM, XK_LYDW, XK_LYDWDM
     FROM licences WHERE entity_id = ? ORDER BY XK_JDRQ DESC, id DESC LIMIT ${SECTION_LIMIT}`,
  );
  const penalties = db.prepare(
    `SELECT CAST(id AS TEXT) AS id, CF_WSH, CF_CFLB, CF_WFXW, CF_NR, CF_JDRQ, CF_CFJG, CF_GSJZQ, CF_ZT
     FROM penalties WHERE entity_id = @entity AND CF_XDR_LB <> '自然人' AND ${penaltyPublicizedSql('@today')} ORDER BY CF_JDRQ DESC, id DESC LIMIT ${SECTION_LIMIT}`,
  );
  const lists = db.prepare(
    `SELECT list_type AS ListType, list_name AS ListName, reason AS Reason, authority AS Authority,
       included_on AS IncludedOn, valid_until AS ValidUntil
     FROM red_black_list WHERE entity_id = ? AND valid_until >= ?
     ORDER BY list_type, included_on DESC, id DESC LIMIT ${SECTION_LIMIT}`,
  );
  const promises = db.prepare(
    `SELECT ${promiseSelect} FROM credit_promises p JOIN entities e ON e.id = p.entity_id
     WHERE p.entity_id = ? AND p.status = '已公示' ORDER BY p.promised_on DESC, p.id DESC LIMIT ${SECTION_LIMIT}`,
  );
  const promisesOf = db.prepare(
    `SELECT ${promiseSelect} FROM credit_promises p JOIN entities e ON e.id = p.entity_id
     WHERE p.owner = ? ORDER BY p.id DESC LIMIT ${SECTION_LIMIT}`,
  );
  const promiseById = db.prepare(
    `SELECT ${promiseSelect} FROM credit_promises p JOIN entities e ON e.id = p.entity_id WHERE p.id = ?`,
  );
  const standing = createPublicStandingRepository(db, site);
  const promiseInsert = db.prepare(
    `INSERT INTO credit_promises
       (entity_id, owner, promise_type, content, promiser, contact_mobile, promised_on, status, created_at)
     VALUES (@entityId, @owner, @promiseType, @content, @promiser, @contactMobile, @promisedOn, '待审核', @createdAt)`,
  );

  return {
    baseInfo(id: string): EntityBaseInfo | undefined {
      const key = rowId(id);
      const row =
        key === null
          ? undefined
          : (base.get(key) as (Omit<EntityBaseInfo, 'District' | 'RegAuthority'> & { district: string }) | undefined);
      if (!row) return undefined;
      const { district, ...info } = row;
      return {
        ...info,
        District: `${site.cityName}${district}`,
        RegAuthority: `${site.cityName}${district}市场监督管理局`,
      };
    },

    /** The details of an entity as of `today` (yyyy-mm-dd), or undefined when there is no such entity. */
    detailInfo(id: string, today: string): EntityDetailInfo | undefined {
      const key = rowId(id);
      if (key === null || exists.get(key) === undefined) return undefined;
      return {
        Licences: (licences.all(key) as LicenceRecord[]).map(toLicenceBlock),
        Penalties: penalties.all({ entity: key, today }) as EntityPenalty[],
        RedBlack: lists.all(key, today) as RedBlackEntry[],
        Promises: promises.all(key) as CreditPromise[],
        PublicLists: standing.publicStanding(key, today)?.lists ?? [],
      };
    },

    entityByCode: (code: string): { id: number; name: string } | undefined =>
      byCode.get(code) as { id: number; name: string } | undefined,

    /** True when the account (ownerOf a session) may act for the entity (user_entities, migration 11). */
    owns: (owner: string, entityId: number): boolean => owns.get(owner, entityId) !== undefined,

    promisesOf: (owner: string): CreditPromise[] => promisesOf.all(owner) as CreditPromise[],

    createPromise(promise: NewPromise): CreditPromise {
      const id = Number(promiseInsert.run(promise).lastInsertRowid);
      return promiseById.get(id) as CreditPromise;
    },
  };
}

export type EntityDetailRepository = ReturnType<typeof createEntityDetailRepository>;
