import type { Database } from 'better-sqlite3';
import type { ReviewAction } from '@credit-portal/shared';
import { hashPasswordSync } from '../../lib/passwords.js';
import { userSubject } from '../../repositories/account.js';
import { signedPromise } from '../../applications/promise.js';
import { createServicesRepository, filingState, type PenaltyForFiling } from '../../repositories/services.js';
import { penaltyPublicizedSql } from '../../repositories/publicity.js';
import { DEMO_ACCOUNT } from './account.js';
import { DEMO_SITE } from '../place.js';
import { dayNumber, formatDay, withTime } from '../../lib/dates.js';
import { DEMO_MOBILES } from '../../lib/demo-accounts.js';

/*
 * The demo data of 信用服务 (migration 11): a second demo account, the entities each
 * demo account may act for, and a few applications in various states with their timelines.
 * Chosen by rule from the data set (lowest entity ids that fit), so the same data set always gets
 * the same links; dated back from the day it is written.
 */

/** The second demo account (user B of the ownership rules), same password as the first. */
export const DEMO_ACCOUNT_B = { mobile: DEMO_MOBILES.b, password: DEMO_ACCOUNT.password } as const;

export interface ServicesSeedSummary {
  links: number;
  applications: number;
}

const PENALTY_COLUMNS = `p.id, p.entity_id AS entityId, e.name AS entName, e.credit_code AS creditCode,
  p.CF_WSH AS docNo, p.CF_CFJG AS authority, p.CF_ZT AS state, p.severity, p.CF_JDRQ AS decidedOn,
  p.CF_GSJZQ AS deadline, p.repaired_on AS repairedOn, p.CF_XDR_LB AS subjectType`;

/** Writes the demo links and applications once (when no entity is linked yet). */
export function ensureServicesSeed(db: Database, asOf: string): ServicesSeedSummary | null {
  if (db.prepare('SELECT 1 FROM user_entities LIMIT 1').get() !== undefined) return null;
  const userA = db.prepare('SELECT id FROM users WHERE mobile = ?').pluck().get(DEMO_ACCOUNT.mobile) as
    number | undefined;
  if (userA === undefined) return null;
  return db.transaction(() => writeServicesSeed(db, userA, asOf))();
}

function writeServicesSeed(db: Database, userA: number, asOf: string): ServicesSeedSummary {
  // The seed's filings and decisions are history, not changes to announce.
  const repo = createServicesRepository(db, DEMO_SITE, { publicChanges: false });
  let userB = db.prepare('SELECT id FROM users WHERE mobile = ?').pluck().get(DEMO_ACCOUNT_B.mobile) as
    number | undefined;
  if (userB === undefined) {
    userB = Number(
      db
        .prepare('INSERT INTO users (mobile, password_hash, created_at) VALUES (?, ?, ?)')
        // In Beijing time, as a registration writes it and as the first demo account has it.
        .run(DEMO_ACCOUNT_B.mobile, hashPasswordSync(DEMO_ACCOUNT_B.password), `${asOf} 08:00:00`).lastInsertRowid,
    );
  }
  const ownerA = userSubject(userA);
  const ownerB = userSubject(userB);

  const openPenalties = db.prepare(
    `SELECT ${PENALTY_COLUMNS} FROM penalties p JOIN entities e ON e.id = p.entity_id
     WHERE p.entity_id = @entity AND p.CF_XDR_LB <> '自然人' AND p.CF_ZT = '正常' AND ${penaltyPublicizedSql('@today', 'p.')}
     ORDER BY p.CF_JDRQ, p.id`,
  );
  const penaltiesOf = (entity: number): PenaltyForFiling[] =>
    openPenalties.all({ entity, today: asOf }) as PenaltyForFiling[];
  // Companies in business with penalties in publicity, those with most repairable ones first.
  const withPenalties = (
    db
      .prepare(
        `SELECT e.id FROM entities e WHERE e.status = '存续' AND e.ent_type NOT LIKE '%个体工商户%'
           AND EXISTS (SELECT 1 FROM penalties p WHERE p.entity_id = e.id AND p.CF_XDR_LB <> '自然人' AND p.CF_ZT = '正常'
             AND ${penaltyPublicizedSql('@today', 'p.')})
         ORDER BY e.id LIMIT 2000`,
      )
      .pluck()
      .all({ today: asOf }) as number[]
  )
    .map((id) => ({ id, repairable: penaltiesOf(id).filter((p) => filingState(p, asOf).repairable).length }))
    .filter((entity) => entity.repairable > 0)
    .sort((a, b) => b.repairable - a.repairable || a.id - b.id)
    .map((entity) => entity.id);
  // Companies in business without any penalty (their 专项信用报告 finds no penalty in any area).
  const clean = db
    .prepare(
      `SELECT e.id FROM entities e WHERE e.status = '存续' AND e.ent_type NOT LIKE '%个体工商户%'
         AND NOT EXISTS (SELECT 1 FROM penalties p WHERE p.entity_id = e.id)
         AND NOT EXISTS (SELECT 1 FROM red_black_list r WHERE r.entity_id = e.id AND r.list_type = 'black')
       ORDER BY e.id LIMIT 2`,
    )
    .pluck()
    .all() as number[];

  let links = 0;
  const link = (owner: string, entity: number | undefined, role: string) => {
    if (entity === undefined) return;
    repo.linkEntity(owner, entity, role);
    links += 1;
  };
  // The first three get the seeded applications below; the next ones stay free, so that each
  // account can file a repair and an objection of its own on a new database.
  link(ownerA, withPenalties[0], '法定代表人');
  link(ownerA, withPenalties[1], '经办人');
  link(ownerA, withPenalties[3], '法定代表人');
  link(ownerA, withPenalties[4], '经办人');
  link(ownerA, clean[0], '法定代表人');
  link(ownerB, withPenalties[2], '法定代表人');
  link(ownerB, withPenalties[5], '经办人');
  link(ownerB, clean[1], '经办人');

  let applications = 0;
  const fileAndReview = (
    owner: string,
    entity: number | undefined,
    nth: number,
    kind: 'repair' | 'objection',
    purpose: string,
    description: string,
    startBack: number,
    actions: readonly ReviewAction[],
  ) => {
    if (entity === undefined) return;
    const penalty = penaltiesOf(entity).filter((p) => {
      const state = filingState(p, asOf);
      return kind === 'repair' ? state.repairable : state.objectionable;
    })[nth];
    if (!penalty) return;
    // Filed once the penalty could be, and early enough for every step to lie before today.
    const earliest = dayNumber(kind === 'repair' ? filingState(penalty, asOf).repairableFrom : penalty.decidedOn);
    const start = Math.min(Math.max(earliest, dayNumber(asOf) - startBack), dayNumber(asOf) - actions.length * 2);
    const created = repo.create(
      {
        kind,
        owner,
        penalty,
        purpose,
        contactName: '王晓明',
        contactPhone: owner === ownerA ? '13900000000' : '13900000001',
        description,
        at: withTime(formatDay(start), 9 * 3600 + 30 * 60),
        materials: [],
        promise: kind === 'repair' ? signedPromise('王晓明') : null,
      },
      () => undefined,
    );
    actions.forEach((action, i) => {
      // A step every second working day or so, during office hours.
      const at = withTime(formatDay(start + 1 + i * 2), (10 + i) * 3600 + 15 * 60);
      repo.review(created.ApplyNo, action, at, undefined, undefined);
    });
    applications += 1;
  };
  const repairText = '已于规定期限内缴清罚款，并完成整改，建立了相关内部管理制度，现申请信用修复。';
  fileAndReview(ownerA, withPenalties[0], 0, 'repair', '参加招标投标', repairText, 40, [
    'accept',
    'review',
    'approve',
    'complete',
  ]);
  // A second repair on the same entity only when it has another penalty to repair.
  fileAndReview(ownerA, withPenalties[0], 0, 'repair', '申请融资信贷', repairText, 6, ['accept', 'review']);
  fileAndReview(
    ownerA,
    withPenalties[1],
    0,
    'objection',
    '信息内容有误',
    '处罚决定书载明的罚款金额与公示信息不一致，申请核查更正。',
    3,
    ['accept'],
  );
  fileAndReview(ownerB, withPenalties[2], 0, 'repair', '申请政策资金支持', repairText, 1, []);
  return { links, applications };
}
