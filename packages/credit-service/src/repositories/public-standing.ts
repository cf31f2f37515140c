import type { Database } from 'better-sqlite3';
import {
  SOLE_PROPRIETOR_MARK,
  type PublicListEntry,
  type PublicListKey,
  type PublicListStanding,
} from '@credit-portal/shared';
import type { SiteIdentity } from '../lib/site.js';

/*
 * An entity's standing on the public lists of the information-disclosure section, in one query
 * that the details page, the enterprise report and the 专项信用报告 all print, so that the three
 * never tell a lender different things. Every record the list pages publish about the entity is
 * returned with its state, past ones included: a list page shows them, so leaving them out here
 * would be the disagreement this exists to prevent.
 */

/** Who receives credit promises filed on the portal, reviews and publishes them, and the checks of their keeping: the centre. */
export const promiseSourceUnit = (site: SiteIdentity): string => site.centreName;

/** Records per list: an entity's whole record, bounded against outliers. */
const ENTRIES_LIMIT = 50;

/** A list as the portal publishes it: its name, who publishes it, and whether being on it counts against. */
interface ListDefinition {
  key: PublicListKey;
  label: string;
  source: string;
  adverse: boolean;
}

/** The lists, in the order the disclosure section names them; labels as their pages title them; publishers of the site's city. */
export function publicLists(site: SiteIdentity): readonly ListDefinition[] {
  const city = site.cityName;
  return [
    { key: 'abnormal', label: '经营异常名录', source: `${city}市场监督管理局`, adverse: true },
    { key: 'majorTax', label: '重大税收违法失信主体', source: `国家税务总局${city}税务局`, adverse: true },
    {
      key: 'wageArrears',
      label: '拖欠农民工工资失信联合惩戒对象名单',
      source: `${city}人力资源和社会保障局`,
      adverse: true,
    },
    { key: 'nontax', label: '非税收入欠缴信息', source: `${city}财政局`, adverse: true },
    { key: 'bankruptcy', label: '个人破产信息', source: `${city}中级人民法院`, adverse: true },
    { key: 'promiseKept', label: '守信践诺公示', source: promiseSourceUnit(site), adverse: false },
    { key: 'hetao', label: '信用河套企业名录', source: '深港科技创新合作区深圳园区发展署', adverse: false },
  ];
}

/** What was searched and what was found. */
export interface PublicStanding {
  /** Every list searched, with the entity's records on it (none when it is not on it). */
  lists: PublicListStanding[];
  /** The lists searched, each as 名称（发布单位）, for a report's 查询范围. */
  searched: string[];
}

/** A row as the statements below answer it; InForce comes back from SQLite as 0 or 1. */
type Row = Omit<PublicListEntry, 'InForce'> & { InForce: number };

/**
 * A record is the entity's when it carries the entity's id, or — for a record loaded without
 * one (an import of another system's list) — the entity's credit code.
 */
const OF_ENTITY = `(entity_id = @id OR (entity_id IS NULL AND @code <> '' AND credit_code = @code))`;

export function createPublicStandingRepository(db: Database, site: SiteIdentity) {
  const definitions = publicLists(site);
  const entity = db.prepare(
    'SELECT credit_code AS code, ent_type AS entType, legal_rep AS legalRep, region_code AS regionCode FROM entities WHERE id = ?',
  );
  const statements: Readonly<Record<PublicListKey, ReturnType<Database['prepare']>>> = {
    abnormal: db.prepare(
      `SELECT CAST(id AS TEXT) AS id, reason AS Matter, doc_no AS DocNo, decision_org AS Authority,
         listed_on AS ListedOn, '' AS ValidUntil, '列入中' AS State, 1 AS InForce
       FROM abnormal_business WHERE ${OF_ENTITY} ORDER BY listed_on DESC, id DESC LIMIT ${ENTRIES_LIMIT}`,
    ),
    majorTax: db.prepare(
      `SELECT CAST(id AS TEXT) AS id, case_nature || '：' || punishment AS Matter, '' AS DocNo,
         decision_org AS Authority, listed_on AS ListedOn, '' AS ValidUntil, '列入中' AS State, 1 AS InForce
       FROM major_tax_violations WHERE ${OF_ENTITY} ORDER BY listed_on DESC, id DESC LIMIT ${ENTRIES_LIMIT}`,
    ),
    // A listing lapses at its validity's end (暂行办法 第十二条: three years) and leaves the list.
    wageArrears: db.prepare(
      `SELECT CAST(id AS TEXT) AS id, facts AS Matter, doc_no AS DocNo, decision_org AS Authority,
         listed_on AS ListedOn, valid_until AS ValidUntil,
         CASE WHEN valid_until >= @today THEN '列入中' ELSE '已期满移出' END AS State,
         valid_until >= @today AS InForce
       FROM wage_arrears WHERE ${OF_ENTITY} ORDER BY listed_on DESC, id DESC LIMIT ${ENTRIES_LIMIT}`,
    ),
    nontax: db.prepare(
      `SELECT CAST(id AS TEXT) AS id, item_name || ' 欠缴 ' || amount_yuan || ' 元' AS Matter, notice_doc_no AS DocNo,
         collecting_org AS Authority, payable_by AS ListedOn, '' AS ValidUntil, status AS State,
         status <> '已缴清' AS InForce
       FROM nontax_arrears WHERE ${OF_ENTITY} ORDER BY payable_by DESC, id DESC LIMIT ${ENTRIES_LIMIT}`,
    ),
    // The list names natural persons; the register keeps no operator's ID number, so a sole
    // proprietor's case is the one of a debtor of the operator's name whose ID number was issued
    // in the district where the business is registered.
    bankruptcy: db.prepare(
      `SELECT CAST(id AS TEXT) AS id, case_type || '（' || case_no || '）' AS Matter, case_no AS DocNo,
         court AS Authority, accepted_on AS ListedOn, '' AS ValidUntil, status AS State, status <> '已终结' AS InForce
       FROM personal_bankruptcies WHERE debtor_name = @legalRep AND substr(id_number, 1, 6) = @regionCode
       ORDER BY accepted_on DESC, id DESC LIMIT ${ENTRIES_LIMIT}`,
    ),
    promiseKept: db.prepare(
      `SELECT CAST(f.id AS TEXT) AS id, p.promise_type || '：' || f.fulfilment AS Matter, '' AS DocNo,
         f.checker AS Authority, f.checked_on AS ListedOn, '' AS ValidUntil, '已履行' AS State, 1 AS InForce
       FROM promise_fulfilments f JOIN credit_promises p ON p.id = f.promise_id
       WHERE p.entity_id = @id AND p.status = '已公示' ORDER BY f.checked_on DESC, f.id DESC LIMIT ${ENTRIES_LIMIT}`,
    ),
    hetao: db.prepare(
      `SELECT CAST(m.entity_id AS TEXT) AS id,
         COALESCE((SELECT group_concat(value, '、') FROM json_each(m.labels)), '') AS Matter, '' AS DocNo,
         m.source_unit AS Authority, m.joined_on AS ListedOn, '' AS ValidUntil, '已纳入' AS State, 1 AS InForce
       FROM hetao_members m WHERE m.entity_id = @id`,
    ),
  };

  return {
    /**
     * The entity's standing on every public list as of `today` (yyyy-mm-dd); undefined for an
     * unknown entity. The personal bankruptcy list is searched for sole proprietors only: a
     * company cannot be a personal debtor.
     */
    publicStanding(entityId: number, today: string): PublicStanding | undefined {
      const facts = entity.get(entityId) as
        { code: string; entType: string; legalRep: string; regionCode: string } | undefined;
      if (!facts) return undefined;
      const soleProprietor = facts.entType.includes(SOLE_PROPRIETOR_MARK);
      const params = {
        id: entityId,
        code: facts.code,
        today,
        legalRep: facts.legalRep,
        regionCode: facts.regionCode,
      };
      const lists = definitions
        .filter((list) => list.key !== 'bankruptcy' || soleProprietor)
        .map((list): PublicListStanding => ({
          Key: list.key,
          Label: list.label,
          Source: list.source,
          Adverse: list.adverse,
          Entries: (statements[list.key].all(params) as Row[]).map((row) => ({ ...row, InForce: row.InForce === 1 })),
        }));
      return { lists, searched: lists.map((list) => `${list.Label}（${list.Source}）`) };
    },
  };
}

export type PublicStandingRepository = ReturnType<typeof createPublicStandingRepository>;
