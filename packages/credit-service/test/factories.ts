import type { Database } from 'better-sqlite3';
import { API_PATHS, REPAIR_PROMISE, type Application } from '@credit-portal/shared';
import { addMonths, localToday } from '../src/lib/dates.js';
import { createServicesRepository } from '../src/repositories/services.js';
import { injectJson, registerWithCode, type Answer, type TestApp } from './helper.js';
import { multipart, PDF } from './routes/services/helper.js';

/*
 * Test data made on purpose, each row what its test needs, instead of searched for in the seeded
 * data set: an account, an entity, a penalty, an application, a follow. Rows are written as the
 * centre's data exchange writes them (entities, penalties) or through the API as a person makes
 * them (accounts, filings, follows).
 */

let made = 0;
/** A number no other row of this worker has used: unique names, codes and mobile numbers. */
const next = (): number => {
  made += 1;
  return process.pid * 1000 + made;
};

export interface MadeEntity {
  id: number;
  name: string;
  creditCode: string;
}

export interface EntityFields {
  id: number;
  name: string;
  creditCode: string;
  entType: string;
  setupDate: string;
  legalRep: string;
  regionCode: string;
  address: string;
}

/** An enterprise (存续; by default a limited company with a unique name and unified social credit code). */
export function entity(db: Database, fields: Partial<EntityFields> = {}): MadeEntity {
  const n = next();
  const row = {
    id: fields.id ?? null,
    name: fields.name ?? `测试实业${n}有限公司`,
    creditCode: fields.creditCode ?? `91350202MA${String(n).padStart(7, '0').slice(-7)}X`,
    entType: fields.entType ?? '有限责任公司',
    setupDate: fields.setupDate ?? '2018-06-01',
    legalRep: fields.legalRep ?? '张三',
    regionCode: fields.regionCode ?? '350202',
    address: fields.address ?? '测试路1号',
  };
  const id = Number(
    db
      .prepare(
        `INSERT INTO entities (id, name, credit_code, status, ent_type, setup_date, legal_rep, region_code, address)
         VALUES (@id, @name, @creditCode, '存续', @entType, @setupDate, @legalRep, @regionCode, @address)`,
      )
      .run(row).lastInsertRowid,
  );
  return { id, name: row.name, creditCode: row.creditCode };
}

export interface PenaltyFields {
  /** CF_JDRQ, YYYY-MM-DD; default a year ago (past every shortest publicity period: repairable now). */
  decidedOn: string;
  /** CF_GSJZQ; default three years after the decision (still publicized). */
  publicUntil: string;
  severity: '轻微' | '一般' | '严重';
  /** CF_CFJG, the deciding department; default the copied penalty's. */
  authority: string;
  /** repaired_on, YYYY-MM-DD; default none. */
  repairedOn: string;
}

/**
 * An administrative penalty of the entity, published: a copy of a legal-person penalty of the data
 * set (its case and authority) with the entity's name and code, a new document number and the
 * given dates and severity.
 */
export function penalty(
  db: Database,
  of: MadeEntity,
  fields: Partial<PenaltyFields> = {},
): { id: number; docNo: string } {
  const decidedOn = fields.decidedOn ?? addMonths(localToday(), -12);
  const template = db
    .prepare(`SELECT id FROM penalties WHERE CF_XDR_LB <> '自然人' AND severity = ? ORDER BY id LIMIT 1`)
    .pluck()
    .get(fields.severity ?? '一般') as number | undefined;
  if (template === undefined) throw new Error('the data set has no penalty of this severity to copy');
  const docNo = `测试罚〔${decidedOn.slice(0, 4)}〕${next()}号`;
  const overrides: Record<string, string | number | null> = {
    entity_id: of.id,
    CF_WSH: docNo,
    CF_XDR_MC: of.name,
    CF_XDR_SHXYM: of.creditCode,
    CF_JDRQ: decidedOn,
    CF_GSJZQ: fields.publicUntil ?? addMonths(decidedOn, 36),
    CF_ZT: '正常',
    repaired_on: fields.repairedOn ?? null,
    UPDATETIME: `${decidedOn} 09:00:00`,
  };
  if (fields.authority !== undefined) overrides.CF_CFJG = fields.authority;
  const columns = (db.prepare('PRAGMA table_info(penalties)').all() as Array<{ name: string }>)
    .map((column) => column.name)
    .filter((name) => name !== 'id');
  const select = columns.map((name) => (name in overrides ? `@${name}` : name)).join(', ');
  const id = Number(
    db
      .prepare(`INSERT INTO penalties (${columns.join(', ')}) SELECT ${select} FROM penalties WHERE id = @template`)
      .run({ ...overrides, template }).lastInsertRowid,
  );
  return { id, docNo };
}

/** Makes the entity one of the account's (账号关联企业), as the centre's binding does. */
export function linkEntity(t: TestApp, userRef: string, of: MadeEntity, position = '经办人'): void {
  createServicesRepository(t.app.db, t.app.site).linkEntity(userRef, of.id, position);
}

/** A registered account (a new mobile number, through the SMS code), logged in. */
export async function account(t: TestApp, password = 'Test-pass-2026'): Promise<{ mobile: string; token: string }> {
  const mobile = `139${String(next()).padStart(8, '0').slice(-8)}`;
  const { status, body } = await registerWithCode(t.app, t.dataDir, mobile, password);
  if (status !== 200 || !body.Data) throw new Error(`registration answered ${status}: ${body.Msg}`);
  return { mobile, token: body.Data.JwtToken };
}

/** A credit-repair filing of the penalty by the account, with one material; the application it made. */
export async function repairApplication(t: TestApp, token: string, punishId: number | string): Promise<Application> {
  const fields = {
    punishId: String(punishId),
    purposeId: '1',
    contactName: '张三',
    contactPhone: '13812345678',
    description: '已缴清罚款并完成整改，申请信用修复。',
    promiseSigner: '张三',
    promiseAccepted: 'true',
    promiseVersion: REPAIR_PROMISE.version,
  };
  const { payload, headers } = multipart(fields, [{ name: '整改报告.pdf', content: PDF }]);
  headers.authorization = `Bearer ${token}`;
  const { status, body } = await injectJson<Answer<Application>>(t.app, {
    method: 'POST',
    url: API_PATHS.repairUpload,
    headers,
    payload,
  });
  if (status !== 200 || !body.Data) throw new Error(`the filing answered ${status}: ${body.Msg}`);
  return body.Data;
}

/** The account follows the entity (信用关注). */
export async function follow(t: TestApp, token: string, entityId: number): Promise<void> {
  const { status, body } = await injectJson<Answer<unknown>>(t.app, {
    method: 'POST',
    url: API_PATHS.follow,
    headers: { authorization: `Bearer ${token}` },
    payload: { entityId: String(entityId) },
  });
  if (status !== 200) throw new Error(`follow answered ${status}: ${body.Msg}`);
}

/**
 * A repair of the penalty filed (as the filing route files it, without its upload) and walked by
 * the centre to `last` (approve: the penalty leaves publicity), through the services repository;
 * the application's number.
 */
export function reviewedRepair(
  db: Database,
  site: Parameters<typeof createServicesRepository>[1],
  penaltyId: number,
  last: 'approve' | 'reject' = 'approve',
): string {
  const services = createServicesRepository(db, site);
  const filed = services.penalty(String(penaltyId));
  if (!filed) throw new Error(`no penalty ${penaltyId}`);
  const at = `${localToday()} 10:00:00`;
  const application = services.create(
    {
      kind: 'repair',
      owner: `user:factory-${next()}`,
      penalty: filed,
      purpose: '1',
      contactName: '张三',
      contactPhone: '13812345678',
      description: '已缴清罚款并完成整改，申请信用修复。',
      at,
      materials: [],
    },
    () => undefined,
  );
  for (const action of ['accept', 'review', last] as const) {
    services.review(application.ApplyNo, action, at, undefined, undefined);
  }
  return application.ApplyNo;
}
