import type { Database } from 'better-sqlite3';
import { PROMISE_TYPES, VOLUNTARY_PROMISE_TEXT, type PromiseType } from '@credit-portal/shared';
import { hashPasswordSync } from '../../lib/passwords.js';
import { Random, mixSeed } from '../../lib/random.js';
import { addMonths, dayNumber, formatDay, withTime } from '../../lib/dates.js';
import { SEED_AS_OF } from './publicity.js';
import { DEMO_MOBILES } from '../../lib/demo-accounts.js';

/*
 * The demo data of accounts and the entity details page: red and black list entries,
 * published credit promises, the chat-app (微信) identities a phone can log in with, and one
 * demo mobile account; and the fulfilment checks of those promises (守信践诺).
 * Generated from the data set's seed, entity by entity, with every date counted back from the
 * data set's as-of day (the day the database was created; tests pin it), so the same data set
 * always gets the same lists and a demo started later still shows entries in force.
 */

/** The demo mobile account of a new database (documented in the README). */
export const DEMO_ACCOUNT = { mobile: DEMO_MOBILES.a, password: 'Yunzhou2026' } as const;

/** Nicknames of the demo chat-app identities. */
export const WECHAT_NICKNAMES = ['云州小陈', '海风', '青屿渔人', '梧桐树下', '晴川', '阿杰'] as const;

const RED_BLACK_SALT = 0x5eb1;
const PROMISE_SALT = 0x9c0e;
const WECHAT_SALT = 0x3c4a;
const OPEN_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const FULFILMENT_SALT = 0x7a11;
/** How far back entries and promises go: from 2021-01-01 when the as-of day is SEED_AS_OF. */
const LISTED_DAYS_BACK = dayNumber(SEED_AS_OF) - dayNumber('2021-01-01');
const CHUNK = 5000;

interface ListSpec {
  name: string;
  authority: string;
  reason: string;
  /** How long an entry stays in force. */
  months: number;
}

const RED_LISTS: readonly ListSpec[] = [
  { name: '纳税信用A级纳税人', authority: '国家税务总局云州市税务局', reason: '年度纳税信用评价结果为A级', months: 12 },
  {
    name: '守合同重信用企业',
    authority: '云州市市场监督管理局',
    reason: '连续两年合同履约率100%，获评“守合同重信用”企业',
    months: 24,
  },
  { name: '海关高级认证企业', authority: '云州海关', reason: '通过海关高级认证（AEO）', months: 36 },
  { name: '诚信建设示范企业', authority: '云州市发展和改革委员会', reason: '获评云州市诚信建设示范企业', months: 36 },
];

const BLACK_LISTS: readonly ListSpec[] = [
  {
    name: '严重违法失信名单',
    authority: '云州市市场监督管理局',
    reason: '被列入经营异常名录届满3年仍未履行相关义务',
    months: 36,
  },
  {
    name: '失信被执行人',
    authority: '云州市中级人民法院',
    reason: '有履行能力而拒不履行生效法律文书确定的义务',
    months: 24,
  },
  {
    name: '重大税收违法失信主体',
    authority: '国家税务总局云州市税务局',
    reason: '经税务机关检查确认存在偷税行为，且偷税数额达到重大税收违法失信案件标准',
    months: 36,
  },
  {
    name: '拖欠农民工工资失信联合惩戒对象名单',
    authority: '云州市人力资源和社会保障局',
    reason: '拖欠农民工工资，数额达到认定拒不支付劳动报酬罪数额标准',
    months: 36,
  },
];

const PROMISE_TEXTS: Readonly<Record<PromiseType, string>> = {
  审批替代型:
    '本单位承诺已具备所申请事项的条件、标准和技术要求，所提交的材料真实、合法、有效；如有虚假，自愿承担相应法律责任，并同意将失信信息记入信用记录。',
  容缺受理型:
    '本单位承诺在审批部门规定的期限内补齐容缺材料；逾期未补齐的，同意撤销已作出的审批决定，并承担由此产生的一切后果。',
  行业自律型: '本单位承诺严格遵守行业规范和自律公约，诚信经营、公平竞争，不以虚假宣传误导消费者，自觉接受社会监督。',
  信用修复型:
    '本单位承诺已纠正失信行为、履行法定义务并消除不良影响；今后严格守法经营，如再次发生失信行为，自愿接受从严惩戒。',
  主动型: VOLUNTARY_PROMISE_TEXT,
};

interface EntityFacts {
  id: number;
  status: string;
  entType: string;
  setupDate: string;
  legalRep: string;
}

/** A day between the later of `from` and the listing window's start, and the as-of day. */
function dayAfter(random: Random, from: string, asOf: number): string {
  const start = Math.min(asOf, Math.max(asOf - LISTED_DAYS_BACK, dayNumber(from)));
  return formatDay(start + random.int(asOf - start + 1));
}

export interface AccountSeedSummary {
  redBlack: number;
  promises: number;
  wechatIdentities: number;
}

/**
 * Writes the issue-5 demo data into a database that holds the entities of data set `seed`, dated
 * back from `asOf` (yyyy-mm-dd).
 */
export function writeAccountSeed(db: Database, seed: number, asOf: string = SEED_AS_OF): AccountSeedSummary {
  const asOfDay = dayNumber(asOf);
  const insertList = db.prepare(
    `INSERT INTO red_black_list (entity_id, list_type, list_name, reason, authority, included_on, valid_until)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertPromise = db.prepare(
    `INSERT INTO credit_promises (entity_id, owner, promise_type, content, promiser, promised_on, status, created_at)
     VALUES (?, NULL, ?, ?, ?, ?, '已公示', ?)`,
  );
  let redBlack = 0;
  let promises = 0;
  function seedEntity(entity: EntityFacts): void {
    const lists = new Random(mixSeed(seed, RED_BLACK_SALT, entity.id));
    const active = entity.status === '存续';
    const black = lists.chance(entity.status === '吊销' ? 0.12 : 0.015);
    const red = !black && active && lists.chance(0.04);
    if (black || red) {
      const spec = lists.pick(black ? BLACK_LISTS : RED_LISTS);
      const includedOn = dayAfter(lists, entity.setupDate, asOfDay);
      insertList.run(
        entity.id,
        black ? 'black' : 'red',
        spec.name,
        spec.reason,
        spec.authority,
        includedOn,
        addMonths(includedOn, spec.months),
      );
      redBlack += 1;
    }
    const promise = new Random(mixSeed(seed, PROMISE_SALT, entity.id));
    if (active && promise.chance(0.05)) {
      const type = promise.pick(PROMISE_TYPES);
      const promisedOn = dayAfter(promise, entity.setupDate, asOfDay);
      insertPromise.run(entity.id, type, PROMISE_TEXTS[type], entity.legalRep, promisedOn, `${promisedOn} 09:00:00`);
      promises += 1;
    }
  }
  // Read in id-ordered chunks: memory stays flat at a million entities, and better-sqlite3
  // cannot write while a statement of the same connection is still iterating.
  const chunk = db.prepare(
    `SELECT id, status, ent_type AS entType, setup_date AS setupDate, legal_rep AS legalRep
     FROM entities WHERE id > ? ORDER BY id LIMIT ?`,
  );
  for (let after = 0; ;) {
    const rows = chunk.all(after, CHUNK) as EntityFacts[];
    if (rows.length === 0) break;
    for (const entity of rows) seedEntity(entity);
    after = rows[rows.length - 1]!.id;
  }
  const insertWechat = db.prepare(
    'INSERT INTO wechat_identities (open_id, nickname, user_id, sort_order) VALUES (?, ?, NULL, ?)',
  );
  WECHAT_NICKNAMES.forEach((nickname, i) => {
    const random = new Random(mixSeed(seed, WECHAT_SALT, i));
    insertWechat.run(`o${random.chars(OPEN_ID_ALPHABET, 27)}`, nickname, i + 1);
  });
  db.prepare('INSERT INTO users (mobile, password_hash, created_at) VALUES (?, ?, ?)').run(
    DEMO_ACCOUNT.mobile,
    hashPasswordSync(DEMO_ACCOUNT.password),
    `${asOf} 08:00:00`,
  );
  return { redBlack, promises, wechatIdentities: WECHAT_NICKNAMES.length };
}

/** The unit that checks each kind of promise, and what its check found when the promise was kept. */
const FULFILMENT_CHECKS: Readonly<Record<PromiseType, { checker: string; finding: string }>> = {
  审批替代型: {
    checker: '云州市行政审批服务局',
    finding: '经事中事后核查，承诺人具备所承诺的条件、标准和技术要求，提交的材料真实有效，承诺已全部履行。',
  },
  容缺受理型: {
    checker: '云州市政务服务和数据管理局',
    finding: '承诺人已在规定期限内补齐全部容缺材料，经核验与原件一致，审批决定继续有效。',
  },
  行业自律型: {
    checker: '云州市工商业联合会',
    finding: '核查期内未发现违反行业规范和自律公约的行为，未收到经查实的投诉举报。',
  },
  信用修复型: {
    checker: '云州市发展和改革委员会',
    finding: '信用修复后核查期内未再发生同类失信行为，已履行法定义务，承诺已履行。',
  },
  主动型: {
    checker: '云州市公共信用信息中心',
    finding: '核查期内依法诚信经营，未新增行政处罚、失信被执行人等不良信用记录，承诺已履行。',
  },
};

/** A promise is checked this long after it was made, at the earliest. */
const CHECK_AFTER_DAYS = 60;

interface PublishedPromise {
  id: number;
  promiseType: PromiseType;
  promisedOn: string;
}

/**
 * Writes the fulfilment checks of the data set's published promises (migration 10) when there
 * are none yet: nine in ten of those made at least CHECK_AFTER_DAYS before `asOf` were checked and
 * found kept, between CHECK_AFTER_DAYS and a year after the promise, never after `asOf`. Returns
 * how many were written; the caller decides the transaction.
 */
export function writeFulfilmentSeed(db: Database, seed: number, asOf: string): number {
  if (db.prepare('SELECT EXISTS (SELECT 1 FROM promise_fulfilments)').pluck().get() === 1) return 0;
  const asOfDay = dayNumber(asOf);
  const promises = db
    .prepare(
      `SELECT id, promise_type AS promiseType, promised_on AS promisedOn FROM credit_promises
       WHERE owner IS NULL AND status = '已公示' ORDER BY id`,
    )
    .all() as PublishedPromise[];
  const insert = db.prepare(
    `INSERT INTO promise_fulfilments (promise_id, checked_on, checker, fulfilment, source_unit, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  let written = 0;
  for (const promise of promises) {
    const random = new Random(mixSeed(seed, FULFILMENT_SALT, promise.id));
    const age = asOfDay - dayNumber(promise.promisedOn);
    if (age < CHECK_AFTER_DAYS || !random.chance(0.9)) continue;
    const checkedOn = formatDay(dayNumber(promise.promisedOn) + random.between(CHECK_AFTER_DAYS, Math.min(365, age)));
    const updated = withTime(
      formatDay(Math.min(asOfDay, dayNumber(checkedOn) + random.int(6))),
      random.between(8 * 3600, 18 * 3600),
    );
    const { checker, finding } = FULFILMENT_CHECKS[promise.promiseType];
    insert.run(promise.id, checkedOn, checker, finding, checker, updated);
    written++;
  }
  return written;
}

/** The data set's PRNG seed and as-of day; undefined on a database without a data set. */
function datasetOf(db: Database): { seed: number; asOf: string } | undefined {
  return db.prepare('SELECT seed, as_of AS asOf FROM dataset WHERE id = 1').get() as
    { seed: number; asOf: string } | undefined;
}

/**
 * Seeds the issue-5 tables of a database that holds a data set but not yet these rows (a new
 * database, or one seeded before migration 6), dated back from the data set's as-of day. Returns
 * null when there was nothing to do.
 */
export function ensureAccountSeed(db: Database): AccountSeedSummary | null {
  const dataset = datasetOf(db);
  if (!dataset) return null;
  if (db.prepare('SELECT 1 FROM wechat_identities LIMIT 1').get() !== undefined) return null;
  return db.transaction(() => writeAccountSeed(db, dataset.seed, dataset.asOf))();
}

/**
 * Fills the fulfilment checks of a database whose promises are seeded (new, or migrated to
 * version 10 with the table empty); returns how many were written.
 */
export function ensureFulfilmentSeed(db: Database): number {
  const dataset = datasetOf(db);
  if (!dataset) return 0;
  return db.transaction(() => writeFulfilmentSeed(db, dataset.seed, dataset.asOf))();
}
