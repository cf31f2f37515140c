import type { Database } from 'better-sqlite3';
import {
  maskIdNumber,
  normalizeKeyword,
  type AbnormalBusinessPage,
  type ArrearsFundsPage,
  type BankruptcyDetail,
  type BankruptcyPage,
  type MajorTaxViolationPage,
  type NontaxDetail,
  type NontaxRevenuePage,
} from '@credit-portal/shared';
import { containsPattern, rowId } from '../lib/sql.js';

/** One page of a list: the 1-based page is turned into an offset by the caller. */
export interface DisclosureFilter {
  keyword?: string;
  offset: number;
  limit: number;
}

/**
 * The LIKE patterns of a keyword: as typed (trimmed) and normalized (half-width, upper-cased when
 * it looks like a credit code), so 'ｘｘ' finds 'xx' and a case number typed with full-width
 * brackets still matches. Both null for an empty keyword (everything is listed).
 */
function patterns(keyword: string | undefined): { a: string | null; b: string | null } {
  const raw = (keyword ?? '').trim();
  if (!raw) return { a: null, b: null };
  const normalized = normalizeKeyword(raw);
  return { a: containsPattern(raw), b: normalized ? containsPattern(normalized) : null };
}

/** A WHERE clause matching any of `columns` against @a or @b (literal LIKE, escaped). */
function keywordWhere(columns: readonly string[]): string {
  const match = (p: string) => columns.map((c) => `${c} LIKE @${p} ESCAPE '\\'`).join(' OR ');
  return `(@a IS NULL OR ${match('a')} OR (@b IS NOT NULL AND (${match('b')})))`;
}

const maskRow = <T extends { IdNumber: string }>(row: T): T => ({ ...row, IdNumber: maskIdNumber(row.IdNumber) });

/**
 * The disclosure lists, newest first. ID numbers leave this repository masked
 * (first 6 + ****** + last 4); keywords match literally (LIKE with %, _ and \ escaped).
 */
export function createDisclosureRepository(db: Database) {
  /** A paged list over `table`: count and rows under one keyword WHERE. */
  function lister<Row>(table: string, select: string, columns: readonly string[], orderBy: string) {
    const where = keywordWhere(columns);
    const count = db.prepare(`SELECT COUNT(*) FROM ${table} WHERE ${where}`).pluck();
    const rows = db.prepare(
      `SELECT ${select} FROM ${table} WHERE ${where} ORDER BY ${orderBy} LIMIT @limit OFFSET @offset`,
    );
    return (filter: DisclosureFilter): { list: Row[]; totalCount: number } => {
      const params = patterns(filter.keyword);
      return {
        list: rows.all({ ...params, limit: filter.limit, offset: filter.offset }) as Row[],
        totalCount: count.get(params) as number,
      };
    };
  }

  const subject = `CAST(id AS TEXT) AS id, subject_type AS SubjectType, ent_name AS EntName, credit_code AS CreditCode`;

  const abnormal = lister<AbnormalBusinessPage['list'][number]>(
    'abnormal_business',
    `${subject}, legal_rep AS LegalRep, reason AS Reason, doc_no AS DocNo, decision_org AS DecisionOrg,
     listed_on AS ListedOn, source_unit AS SourceUnit, updated_at AS UpdateTime`,
    ['ent_name', 'credit_code', 'doc_no'],
    'listed_on DESC, id DESC',
  );
  const majorTax = lister<MajorTaxViolationPage['list'][number]>(
    'major_tax_violations',
    `${subject}, legal_rep AS LegalRep, id_number AS IdNumber, address AS Address, case_nature AS CaseNature,
     facts AS Facts, punishment AS Punishment, decision_org AS DecisionOrg, listed_on AS ListedOn,
     source_unit AS SourceUnit, updated_at AS UpdateTime`,
    ['ent_name', 'credit_code'],
    'listed_on DESC, id DESC',
  );
  const arrears = lister<ArrearsFundsPage['list'][number]>(
    'wage_arrears',
    `${subject}, legal_rep AS LegalRep, id_number AS IdNumber, facts AS Facts, amount_wan AS ArrearsAmount,
     workers AS Workers, doc_no AS DocNo, decision_org AS DecisionOrg, listed_on AS ListedOn,
     valid_until AS ValidUntil, source_unit AS SourceUnit, updated_at AS UpdateTime`,
    ['ent_name', 'credit_code', 'doc_no'],
    'listed_on DESC, id DESC',
  );
  const nontaxSelect = `${subject}, item_name AS ItemName, amount_yuan AS Amount, collecting_org AS CollectingOrg,
     payable_by AS PayableBy, updated_at AS UpdateTime`;
  const nontax = lister<NontaxRevenuePage['list'][number]>(
    'nontax_arrears',
    nontaxSelect,
    ['ent_name', 'credit_code'],
    'payable_by DESC, id DESC',
  );
  const nontaxOne = db.prepare(
    `SELECT ${nontaxSelect}, legal_rep AS LegalRep, id_number AS IdNumber, basis AS Basis, late_fee_yuan AS LateFee,
       notice_doc_no AS NoticeDocNo, noticed_on AS NoticedOn, status AS Status, source_unit AS SourceUnit
     FROM nontax_arrears WHERE id = ?`,
  );
  const bankruptcySelect = `CAST(id AS TEXT) AS id, case_no AS CaseNo, debtor_name AS DebtorName, id_number AS IdNumber,
     case_type AS CaseType, court AS Court, accepted_on AS AcceptedOn, status AS Status, updated_at AS UpdateTime`;
  const bankruptcies = lister<BankruptcyPage['list'][number]>(
    'personal_bankruptcies',
    bankruptcySelect,
    ['debtor_name', 'case_no'],
    'accepted_on DESC, id DESC',
  );
  const bankruptcyOne = db.prepare(
    `SELECT ${bankruptcySelect}, administrator AS Administrator, administrator_phone AS AdministratorPhone,
       appointed_on AS AppointedOn, claim_deadline AS ClaimDeadline, creditor_meeting_on AS CreditorMeetingOn,
       liabilities_wan AS Liabilities, announcement AS Announcement, source_unit AS SourceUnit
     FROM personal_bankruptcies WHERE id = ?`,
  );

  const masked = <T extends { list: { IdNumber: string }[] }>(page: T): T => ({
    ...page,
    list: page.list.map(maskRow),
  });
  const one = <T extends { IdNumber: string }>(statement: typeof nontaxOne, id: string): T | undefined => {
    const key = rowId(id);
    const row = key === null ? undefined : (statement.get(key) as T | undefined);
    return row && maskRow(row);
  };

  return {
    /** 经营异常名录: keyword matches the name, the credit code or the document number. */
    abnormalBusiness: (filter: DisclosureFilter): AbnormalBusinessPage => abnormal(filter),
    /** 重大税收违法失信主体: keyword matches the name or the credit code. */
    majorTaxViolations: (filter: DisclosureFilter): MajorTaxViolationPage => masked(majorTax(filter)),
    /** 拖欠农民工工资失信联合惩戒对象: keyword matches the name, the credit code or the document number. */
    arrearsFunds: (filter: DisclosureFilter): ArrearsFundsPage => masked(arrears(filter)),
    /** 非税收入欠缴: keyword matches the name or the credit code. */
    nontaxRevenue: (filter: DisclosureFilter): NontaxRevenuePage => nontax(filter),
    nontaxDetail: (id: string): NontaxDetail | undefined => one<NontaxDetail>(nontaxOne, id),
    /** 个人破产信息公示: keyword matches the debtor's name or the case number. */
    bankruptcies: (filter: DisclosureFilter): BankruptcyPage => masked(bankruptcies(filter)),
    bankruptcyDetail: (id: string): BankruptcyDetail | undefined => one<BankruptcyDetail>(bankruptcyOne, id),
  };
}
