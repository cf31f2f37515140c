import type { Database, Transaction } from 'better-sqlite3';
import {
  APPLICATION_KIND_LABELS,
  APPLICATION_STEP_LABELS,
  maskPhone,
  normalizeKeyword,
  type Application,
  type ApplicationKind,
  type ApplicationPromise,
  type ApplicationStep,
  type MyBusiness,
  type RepairPunishPage,
  type RepairPunishRow,
  type ReviewAction,
} from '@credit-portal/shared';
import type { SiteIdentity } from '../lib/site.js';
import { containsPattern, rowId } from '../lib/sql.js';
import { addMonths } from '../lib/dates.js';
import { penaltyPublicizedSql } from './publicity.js';
import { recordPenaltyChange } from './public-records.js';

/*
 * 信用服务's data (migration 11): the entities linked to each login, the penalties a repair or an
 * objection can be filed against, applications with their timeline steps and materials, and the
 * penalty states they set (信用修复中, 异议处理中, repaired_on).
 */

/** Who a submission step names. */
export const ONLINE_APPLICANT = '申请人（网上提交）';

/** Months of publicity after which a repair may be filed: 一般 3, 严重 12 (国办发〔2025〕22号). */
export const REPAIR_AFTER_MONTHS: Readonly<Record<string, number>> = { 一般: 3, 严重: 12 };

/** Where each review action may start, and the step it records. */
const TRANSITIONS: Readonly<Record<ReviewAction, { from: readonly ApplicationStep[]; to: ApplicationStep }>> = {
  accept: { from: ['submitted'], to: 'accepted' },
  review: { from: ['accepted'], to: 'reviewing' },
  approve: { from: ['reviewing'], to: 'approved' },
  reject: { from: ['submitted', 'accepted', 'reviewing'], to: 'rejected' },
  complete: { from: ['approved', 'rejected'], to: 'completed' },
};

/** What a decision says when the reviewer gives no comment. */
const DEFAULT_RESULTS: Readonly<Record<ApplicationKind, Record<'approved' | 'rejected', string>>> = {
  repair: {
    approved: '经审核，准予信用修复，该行政处罚信息已停止公示。',
    rejected: '经审核，申请材料不能证明已履行行政处罚决定并完成整改，不予信用修复。',
  },
  objection: {
    approved: '经核查，异议成立，已通知数据提供单位更正该信息。',
    rejected: '经核查，该信息与数据提供单位的原始记录一致，异议不成立。',
  },
};

export type ReviewOutcome =
  | { outcome: 'not_found' }
  | { outcome: 'transition'; application: Application }
  | { outcome: 'ok'; application: Application };

export interface PenaltyForFiling {
  id: number;
  entityId: number;
  entName: string;
  creditCode: string;
  docNo: string;
  authority: string;
  state: string;
  severity: string;
  decidedOn: string;
  deadline: string;
  repairedOn: string | null;
  subjectType: string;
}

export interface NewMaterial {
  fileName: string;
  storedName: string;
  mimeType: string;
  size: number;
  sha256: string;
}

/** The 信用修复承诺书 a repair is filed with: REPAIR_PROMISE's version, its text's SHA-256 (hex), who signed. */
export interface NewPromise {
  version: string;
  textSha256: string;
  signer: string;
}

export interface NewApplication {
  kind: ApplicationKind;
  owner: string;
  penalty: PenaltyForFiling;
  purpose: string;
  contactName: string;
  contactPhone: string;
  description: string;
  /** yyyy-mm-dd hh:mm:ss in Beijing time, as the timelines are written and their days read. */
  at: string;
  materials: readonly NewMaterial[];
  /** A repair's signed promise (signed at `at`); null for an objection. */
  promise: NewPromise | null;
}

interface ApplicationRow {
  id: number;
  applyNo: string;
  kind: ApplicationKind;
  owner: string;
  entityId: number;
  penaltyId: number;
  purpose: string;
  contactName: string;
  contactPhone: string;
  description: string;
  status: ApplicationStep;
  result: string;
  previousState: string;
  submittedAt: string;
  updatedAt: string;
  entName: string;
  creditCode: string;
  docNo: string;
  authority: string;
}

/** Whether and when a penalty can be repaired or objected to as of `today`. */
export function filingState(
  penalty: Pick<PenaltyForFiling, 'state' | 'severity' | 'decidedOn' | 'deadline' | 'repairedOn' | 'subjectType'>,
  today: string,
): { repairableFrom: string; repairable: boolean; objectionable: boolean; note: string } {
  const repairableFrom = addMonths(penalty.decidedOn, REPAIR_AFTER_MONTHS[penalty.severity] ?? 12);
  const publicized = penalty.severity !== '轻微' && penalty.repairedOn === null && penalty.deadline >= today;
  let note = '';
  if (!publicized) note = '该记录已不在公示期内，无需办理';
  else if (penalty.state === '信用修复中') note = '该记录已有信用修复申请正在办理';
  else if (penalty.state === '异议处理中') note = '该记录已有异议申请正在办理';
  const open = note === '';
  const repairable = open && repairableFrom <= today;
  return {
    repairableFrom,
    repairable,
    objectionable: open,
    note: open && !repairable ? `最短公示期未满，${repairableFrom}起可申请信用修复` : note,
  };
}

/** The columns of a PenaltyForFiling from `penalties p JOIN entities e`. */
export const PENALTY_FILING_COLUMNS = `p.id, p.entity_id AS entityId, e.name AS entName, e.credit_code AS creditCode,
  p.CF_WSH AS docNo, p.CF_CFJG AS authority, p.CF_ZT AS state, p.severity, p.CF_JDRQ AS decidedOn,
  p.CF_GSJZQ AS deadline, p.repaired_on AS repairedOn, p.CF_XDR_LB AS subjectType`;

const APPLICATION_COLUMNS = `a.id, a.apply_no AS applyNo, a.kind, a.owner, a.entity_id AS entityId,
  a.penalty_id AS penaltyId, a.purpose, a.contact_name AS contactName, a.contact_phone AS contactPhone,
  a.description, a.status, a.result, a.previous_state AS previousState, a.submitted_at AS submittedAt,
  a.updated_at AS updatedAt, e.name AS entName, e.credit_code AS creditCode, p.CF_WSH AS docNo,
  p.CF_CFJG AS authority`;
const APPLICATION_FROM = `service_applications a JOIN entities e ON e.id = a.entity_id JOIN penalties p ON p.id = a.penalty_id`;

/**
 * `site`'s centre receives filings and closes them (the timeline's first and last steps). Each
 * filing and decision records its public change (the outbox) unless `publicChanges` is false:
 * the demo's seed, whose history is no news.
 */
export function createServicesRepository(db: Database, site: SiteIdentity, { publicChanges = true } = {}) {
  const recordChange: typeof recordPenaltyChange = (...args) => publicChanges && recordPenaltyChange(...args);
  const entitiesOf = db.prepare(
    `SELECT CAST(e.id AS TEXT) AS EntityId, e.name AS EntName, e.credit_code AS CreditCode, e.ent_type AS EntType,
       e.status AS Status, u.role AS Role
     FROM user_entities u JOIN entities e ON e.id = u.entity_id WHERE u.owner = ? ORDER BY e.id`,
  );
  const owns = db.prepare('SELECT 1 FROM user_entities WHERE owner = ? AND entity_id = ?');
  const entityById = db.prepare('SELECT id, name, credit_code AS creditCode FROM entities WHERE id = ?');
  const entityByCode = db.prepare('SELECT id, name, credit_code AS creditCode FROM entities WHERE credit_code = ?');
  const link = db.prepare('INSERT OR IGNORE INTO user_entities (owner, entity_id, role) VALUES (?, ?, ?)');

  const punishWhere = `p.CF_XDR_LB <> '自然人' AND ${penaltyPublicizedSql('@today', 'p.')}
    AND (p.CF_WSH LIKE @like ESCAPE '\\' OR e.name LIKE @like ESCAPE '\\' OR e.credit_code = @code)`;
  const punishCount = db.prepare(
    `SELECT COUNT(*) FROM penalties p JOIN entities e ON e.id = p.entity_id WHERE ${punishWhere}`,
  );
  const punishPage = db.prepare(
    `SELECT ${PENALTY_FILING_COLUMNS}, p.CF_CFLB AS category, p.CF_WFXW AS conduct
     FROM penalties p JOIN entities e ON e.id = p.entity_id WHERE ${punishWhere}
     ORDER BY p.CF_JDRQ DESC, p.id DESC LIMIT @limit OFFSET @offset`,
  );
  const penaltyById = db.prepare(
    `SELECT ${PENALTY_FILING_COLUMNS} FROM penalties p JOIN entities e ON e.id = p.entity_id WHERE p.id = ?`,
  );
  const setPenaltyState = db.prepare('UPDATE penalties SET CF_ZT = ? WHERE id = ?');
  const setRepaired = db.prepare(`UPDATE penalties SET repaired_on = ?, CF_ZT = '正常' WHERE id = ?`);

  const applyNoCount = db.prepare('SELECT COUNT(*) FROM service_applications WHERE apply_no LIKE ?');
  const insertApplication = db.prepare(
    `INSERT INTO service_applications (apply_no, kind, owner, entity_id, penalty_id, purpose, contact_name,
       contact_phone, description, status, previous_state, submitted_at, updated_at)
     VALUES (@applyNo, @kind, @owner, @entityId, @penaltyId, @purpose, @contactName, @contactPhone, @description,
       'submitted', @previousState, @at, @at)`,
  );
  const insertStep = db.prepare(
    'INSERT INTO application_steps (application_id, step, at, handling_unit, comment) VALUES (?, ?, ?, ?, ?)',
  );
  const insertMaterial = db.prepare(
    `INSERT INTO application_materials (application_id, file_name, stored_name, mime_type, size, sha256)
     VALUES (@applicationId, @fileName, @storedName, @mimeType, @size, @sha256)`,
  );
  const byApplyNo = db.prepare(`SELECT ${APPLICATION_COLUMNS} FROM ${APPLICATION_FROM} WHERE a.apply_no = ?`);
  const countOf = db.prepare(
    'SELECT COUNT(*) FROM service_applications WHERE owner = @owner AND (@kind IS NULL OR kind = @kind)',
  );
  const pageOf = db.prepare(
    `SELECT ${APPLICATION_COLUMNS} FROM ${APPLICATION_FROM}
     WHERE a.owner = @owner AND (@kind IS NULL OR a.kind = @kind) ORDER BY a.id DESC LIMIT @limit OFFSET @offset`,
  );
  const openList = db.prepare(
    `SELECT ${APPLICATION_COLUMNS} FROM ${APPLICATION_FROM} WHERE a.status <> 'completed' ORDER BY a.id LIMIT @limit`,
  );
  const stepsOf = db.prepare(
    `SELECT step AS Step, at AS Time, handling_unit AS HandlingUnit, comment AS Comment
     FROM application_steps WHERE application_id = ? ORDER BY id`,
  );
  const materialsOf = db.prepare(
    `SELECT file_name AS FileName, mime_type AS MimeType, size AS Size
     FROM application_materials WHERE application_id = ? ORDER BY id`,
  );
  const storedOf = db.prepare('SELECT stored_name FROM application_materials').pluck();
  const insertPromise = db.prepare(
    `INSERT INTO application_promises (application_id, version, text_sha256, signer_name, signed_at)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const promiseOf = db.prepare(
    `SELECT version AS Version, text_sha256 AS TextSha256, signer_name AS Signer, signed_at AS SignedAt
     FROM application_promises WHERE application_id = ?`,
  );
  const updateStatus = db.prepare(
    'UPDATE service_applications SET status = @status, result = @result, updated_at = @at WHERE id = @id',
  );

  function toApplication(row: ApplicationRow): Application {
    const steps = stepsOf.all(row.id) as Omit<Application['Steps'][number], 'Label'>[];
    return {
      ApplyNo: row.applyNo,
      Kind: row.kind,
      KindLabel: APPLICATION_KIND_LABELS[row.kind],
      Status: row.status,
      StatusLabel: APPLICATION_STEP_LABELS[row.status],
      EntityId: String(row.entityId),
      EntName: row.entName,
      CreditCode: row.creditCode,
      PunishId: String(row.penaltyId),
      CF_WSH: row.docNo,
      Purpose: row.purpose,
      ContactName: row.contactName,
      ContactPhone: maskPhone(row.contactPhone),
      Description: row.description,
      SubmittedAt: row.submittedAt,
      UpdatedAt: row.updatedAt,
      Result: row.result,
      Materials: materialsOf.all(row.id) as Application['Materials'],
      Steps: steps.map((step) => ({ ...step, Label: APPLICATION_STEP_LABELS[step.Step] })),
      Promise: (promiseOf.get(row.id) as ApplicationPromise | undefined) ?? null,
    };
  }

  /** The next number of a kind on a day: XF (修复) or YY (异议) + yyyymmdd + a 4-digit serial. */
  function nextApplyNo(kind: ApplicationKind, at: string): string {
    const prefix = `${kind === 'repair' ? 'XF' : 'YY'}${at.slice(0, 10).replaceAll('-', '')}`;
    const serial = Number(applyNoCount.pluck().get(`${prefix}%`)) + 1;
    return `${prefix}${String(serial).padStart(4, '0')}`;
  }

  /** Moves an application on by one review action; throws 'transition' when the state does not allow it. */
  const review: Transaction<
    (
      applyNo: string,
      action: ReviewAction,
      at: string,
      comment: string | undefined,
      unit: string | undefined,
    ) => ReviewOutcome
  > = db.transaction(
    (applyNo: string, action: ReviewAction, at: string, comment: string | undefined, unit: string | undefined) => {
      const row = byApplyNo.get(applyNo) as ApplicationRow | undefined;
      if (!row) return { outcome: 'not_found' as const };
      const transition = TRANSITIONS[action];
      if (!transition.from.includes(row.status))
        return { outcome: 'transition' as const, application: toApplication(row) };
      const to = transition.to;
      const handlingUnit =
        unit ?? (to === 'reviewing' || to === 'approved' || to === 'rejected' ? row.authority : site.centreName);
      let result = row.result;
      if (to === 'approved' || to === 'rejected') {
        result = comment?.trim() || DEFAULT_RESULTS[row.kind][to];
        // The decision ends the penalty's 信用修复中 / 异议处理中; an approved repair ends its publicity.
        // Either is a public change, recorded with it (the withdrawal while the record is still public).
        const day = at.slice(0, 10);
        if (to === 'approved' && row.kind === 'repair') {
          recordChange(db, row.penaltyId, day, { kind: 'withdrawn', reason: '已修复' });
          setRepaired.run(day, row.penaltyId);
        } else {
          setPenaltyState.run(row.previousState, row.penaltyId);
          recordChange(db, row.penaltyId, day, { kind: 'updated' });
        }
      }
      insertStep.run(row.id, to, at, handlingUnit, comment?.trim() ?? '');
      updateStatus.run({ id: row.id, status: to, result, at });
      return { outcome: 'ok' as const, application: toApplication(byApplyNo.get(applyNo) as ApplicationRow) };
    },
  );

  return {
    entitiesOf: (owner: string): MyBusiness[] => entitiesOf.all(owner) as MyBusiness[],

    owns: (owner: string, entityId: number): boolean => owns.get(owner, entityId) !== undefined,

    linkEntity: (owner: string, entityId: number, role: string): void => {
      link.run(owner, entityId, role);
    },

    entity(
      id: string | undefined,
      code: string | undefined,
    ): { id: number; name: string; creditCode: string } | undefined {
      if (id !== undefined) {
        const key = rowId(id);
        return key === null
          ? undefined
          : (entityById.get(key) as { id: number; name: string; creditCode: string } | undefined);
      }
      if (code !== undefined) {
        return entityByCode.get(normalizeKeyword(code)) as { id: number; name: string; creditCode: string } | undefined;
      }
      return undefined;
    },

    /** Penalties in publicity whose entity name, credit code or document number matches, newest first. */
    searchPunishments(keyword: string, offset: number, limit: number, today: string): RepairPunishPage {
      const normalized = normalizeKeyword(keyword);
      const params = { today, like: containsPattern(normalized), code: normalized };
      const totalCount = Number(punishCount.pluck().get(params));
      const rows = punishPage.all({ ...params, limit, offset }) as (PenaltyForFiling & {
        category: string;
        conduct: string;
      })[];
      const list: RepairPunishRow[] = rows.map((row) => {
        const state = filingState(row, today);
        return {
          id: String(row.id),
          EntityId: String(row.entityId),
          CF_WSH: row.docNo,
          CF_XDR_MC: row.entName,
          CF_XDR_SHXYM: row.creditCode,
          CF_CFLB: row.category,
          CF_WFXW: row.conduct,
          CF_JDRQ: row.decidedOn,
          CF_CFJG: row.authority,
          CF_GSJZQ: row.deadline,
          Severity: row.severity,
          CF_ZT: row.state,
          RepairableFrom: state.repairableFrom,
          Repairable: state.repairable,
          Objectionable: state.objectionable,
          Note: state.note,
        };
      });
      return { list, totalCount };
    },

    penalty(id: string): PenaltyForFiling | undefined {
      const key = rowId(id);
      return key === null ? undefined : (penaltyById.get(key) as PenaltyForFiling | undefined);
    },

    /**
     * Files an application in one transaction: its number, the submission step, the materials'
     * rows and the penalty's new state. `beforeCommit` runs last inside the transaction (the
     * uploads move their files into place there), so a failure anywhere leaves no row behind.
     */
    create(input: NewApplication, beforeCommit: (applyNo: string) => void): Application {
      return db.transaction(() => {
        const applyNo = nextApplyNo(input.kind, input.at);
        const id = Number(
          insertApplication.run({
            applyNo,
            kind: input.kind,
            owner: input.owner,
            entityId: input.penalty.entityId,
            penaltyId: input.penalty.id,
            purpose: input.purpose,
            contactName: input.contactName,
            contactPhone: input.contactPhone,
            description: input.description,
            previousState: input.penalty.state,
            at: input.at,
          }).lastInsertRowid,
        );
        insertStep.run(id, 'submitted', input.at, ONLINE_APPLICANT, '');
        for (const material of input.materials) insertMaterial.run({ applicationId: id, ...material });
        if (input.promise) {
          insertPromise.run(id, input.promise.version, input.promise.textSha256, input.promise.signer, input.at);
        }
        setPenaltyState.run(input.kind === 'repair' ? '信用修复中' : '异议处理中', input.penalty.id);
        // The record's published state changed (the lists and details show 信用修复中 / 异议处理中).
        recordChange(db, input.penalty.id, input.at.slice(0, 10), { kind: 'updated' });
        beforeCommit(applyNo);
        return toApplication(byApplyNo.get(applyNo) as ApplicationRow);
      })();
    },

    /** An application by number with its owner, or undefined. */
    application(applyNo: string): { owner: string; kind: ApplicationKind; application: Application } | undefined {
      const row = byApplyNo.get(applyNo) as ApplicationRow | undefined;
      return row ? { owner: row.owner, kind: row.kind, application: toApplication(row) } : undefined;
    },

    applicationsOf(owner: string, kind: ApplicationKind | undefined, offset: number, limit: number) {
      const params = { owner, kind: kind ?? null };
      return {
        list: (pageOf.all({ ...params, limit, offset }) as ApplicationRow[]).map(toApplication),
        totalCount: Number(countOf.pluck().get(params)),
      };
    },

    /** Applications not yet completed, oldest first (the reviewer's work list). */
    openApplications(limit = 200): Application[] {
      return (openList.all({ limit }) as ApplicationRow[]).map(toApplication);
    },

    /** Every stored material's path relative to the uploads directory (tests check for orphans). */
    storedMaterials: (): string[] => storedOf.all() as string[],

    review,
  };
}

export type ServicesRepository = ReturnType<typeof createServicesRepository>;
