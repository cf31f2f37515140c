import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, REPAIR_FILING_PAGE_PATH, type FollowNoticePage, type FollowSettings } from '@credit-portal/shared';
import { buildApp, OUTBOX_DIR } from '../../../src/app.js';
import { createFollowJob } from '../../../src/follow/job.js';
import { addMonths, localToday } from '../../../src/lib/dates.js';
import { createMailer, type Mailer } from '../../../src/mail/mailer.js';
import { createFollowRepository } from '../../../src/repositories/follow.js';
import { createConsentRepository } from '../../../src/repositories/consents.js';
import { createRepairableRepository } from '../../../src/repositories/repairable-notices.js';
import { account, entity, follow, linkEntity, penalty, type MadeEntity } from '../../factories.js';
import { TEST_ENTITIES, TEST_PASSWORD_HASHING, TEST_SEED, UNLIMITED, type TestApp } from '../../helper.js';
import { CONFIRM_SUBJECT, followTools, startFollowTest } from './support.js';

/*
 * The day a penalty becomes repairable: on the day its shortest publicity ends, the accounts
 * linked to its entity and the followers who opted in get one notice each, and one mail to a
 * confirmed address — once per penalty and account, across runs, a restart and the next days;
 * followers who did not opt in get nothing, an unconfirmed address no mail; a mail that could not
 * be sent goes once, later.
 */

let t: TestApp;
const { call, outbox, mailText, confirmTokenFor, confirmEmail } = followTools(() => t);

const SUBJECT = /^【信用云州】信用修复提醒：/;
/**
 * The job's clock: the 15th of a month some weeks ahead, at noon in Beijing — a day every month
 * has (no month-end clamping of the publicity periods), and ahead of the real clock (a job on the
 * real clock then finds nothing new: the day mark is past its today).
 */
const DAY_MS = 86_400_000;
const first = new Date(Date.now() + 40 * DAY_MS);
first.setUTCDate(15);
first.setUTCHours(4, 0, 0, 0);
const tomorrow = new Date(first.getTime() + DAY_MS);
const inTwoDays = new Date(first.getTime() + 2 * DAY_MS);
const today = localToday(first);

interface Person {
  token: string;
  mail: string;
  ref: string;
}

/** A new account; with `confirmed`, its address saved and confirmed through the mailed link. */
async function person(name: string, settings: { confirmed: boolean; repairable?: boolean }): Promise<Person> {
  const { token, mobile } = await account(t);
  const ref = `user:${String(t.app.db.prepare('SELECT id FROM users WHERE mobile = ?').pluck().get(mobile))}`;
  const mail = `${name}@example.com`;
  const saved = await call<FollowSettings>('POST', API_PATHS.followSettings, {
    token,
    body: { EmailDigest: true, Email: mail, RepairableNotice: settings.repairable },
  });
  expect(saved.status).toBe(200);
  if (settings.confirmed) expect((await confirmEmail(await confirmTokenFor(mail))).status).toBe(200);
  return { token, mail, ref };
}

const repairableMails = async (to: string) =>
  (await outbox()).filter((m) => m.to === to && m.subject !== CONFIRM_SUBJECT && SUBJECT.test(m.subject));
const noticesOf = async (token: string) =>
  (await call<FollowNoticePage>('GET', API_PATHS.followNotices, { token })).body.Data!.list.filter(
    (n) => n.Kind === 'penalty_repairable',
  );

let made: MadeEntity;
let owner: Person;
let optedIn: Person;
let unconfirmed: Person;
let notOptedIn: Person;
let due: { id: number; docNo: string };
let dueTomorrow: { id: number; docNo: string };
let serious: { id: number; docNo: string };

beforeAll(async () => {
  ({ t } = await startFollowTest());
  made = entity(t.app.db);
  owner = await person('owner', { confirmed: true });
  linkEntity(t, owner.ref, made, '法定代表人');
  optedIn = await person('opted', { confirmed: true, repairable: true });
  unconfirmed = await person('unconfirmed', { confirmed: false, repairable: true });
  notOptedIn = await person('plain', { confirmed: true });
  for (const p of [optedIn, unconfirmed, notOptedIn]) await follow(t, p.token, made.id);
  // 一般: three months' publicity ends today; 严重: a year's; another tomorrow; one long past.
  due = penalty(t.app.db, made, { decidedOn: addMonths(today, -3), severity: '一般' });
  serious = penalty(t.app.db, made, { decidedOn: addMonths(today, -12), severity: '严重' });
  dueTomorrow = penalty(t.app.db, made, { decidedOn: addMonths(localToday(tomorrow), -3), severity: '一般' });
  penalty(t.app.db, made, { decidedOn: addMonths(today, -8), severity: '一般' });
});
afterAll(() => t?.close());

describe('the day a penalty becomes repairable', () => {
  it('tells the owner and the opted-in followers once, and mails confirmed addresses only', async () => {
    // The data set's own penalties may come due today too (their accounts are told as well): the
    // totals are at least this file's; each person's share is exact below.
    const job = jobAt(first, mailerOf(t));
    const run = await job.run();
    expect(run.repairable.notices).toBeGreaterThanOrEqual(6);
    expect(run.repairable.mailed).toBeGreaterThanOrEqual(4);
    expect(run.repairable.failed).toBe(0);
    expect((await job.run()).repairable).toEqual({ notices: 0, mailed: 0, failed: 0 });
    // The app's own job (the real clock, behind the day mark): nothing either.
    expect((await t.app.followJob.run()).repairable).toEqual({ notices: 0, mailed: 0, failed: 0 });

    for (const who of [owner, optedIn, unconfirmed]) {
      const notices = await noticesOf(who.token);
      expect(notices.map((n) => n.RecordId).sort()).toEqual([String(due.id), String(serious.id)].sort());
      expect(notices.find((n) => n.RecordId === String(due.id))).toMatchObject({
        EntityId: String(made.id),
        Title: `可申请信用修复：${due.docNo}`,
        DocNo: due.docNo,
        PublishedOn: today,
        Read: false,
      });
    }
    expect(await noticesOf(notOptedIn.token)).toEqual([]);

    expect(await repairableMails(owner.mail)).toHaveLength(2);
    expect(await repairableMails(optedIn.mail)).toHaveLength(2);
    expect(await repairableMails(unconfirmed.mail)).toHaveLength(0);
    expect(await repairableMails(notOptedIn.mail)).toHaveLength(0);

    const [ownerMail] = (await repairableMails(owner.mail)).filter((m) => m.subject.includes(made.name));
    const text = await mailText(ownerMail!.id);
    expect(text).toContain(`${made.name}（统一社会信用代码 ${made.creditCode}）`);
    expect(text).toContain(`已于${today}满最短公示期`);
    expect(text).toContain('您的账号与该主体关联');
    const link = /(\S+#\/xyfw\/xyxf\/report\?\S+)/.exec(text)![1]!;
    const query = new URLSearchParams(link.split('?')[1]);
    expect(link).toMatch(/^https?:\/\/[^#]+\/#\/xyfw\/xyxf\/report\?/);
    expect(link).toContain(`#${REPAIR_FILING_PAGE_PATH}?`);
    expect([...query.keys()]).toEqual(['punishId', 'docNo']);
    expect([String(due.id), String(serious.id)]).toContain(query.get('punishId'));
    const follower = await mailText((await repairableMails(optedIn.mail))[0]!.id);
    expect(follower).toContain('开启了“可申请信用修复”提醒');
    // The digest never carries them again.
    expect((await outbox()).filter((m) => m.to === owner.mail && !SUBJECT.test(m.subject))).toHaveLength(1);
  });

  it('is not repeated after a restart, and the next day tells of the next day’s penalty only', async () => {
    const { dataDir } = t;
    await t.app.close();
    const app = await buildApp({
      dataDir,
      seed: TEST_SEED,
      seedEntities: TEST_ENTITIES,
      demo: true,
      outboxPage: true,
      rateLimits: UNLIMITED,
      passwordHashing: TEST_PASSWORD_HASHING,
    });
    t = { ...t, app };
    expect((await app.followJob.run()).repairable).toEqual({ notices: 0, mailed: 0, failed: 0 });
    expect((await jobAt(first, mailerOf(t)).run()).repairable).toEqual({ notices: 0, mailed: 0, failed: 0 });

    const job = jobAt(tomorrow, mailerOf(t));
    expect((await job.run()).repairable.failed).toBe(0);
    expect((await job.run()).repairable).toEqual({ notices: 0, mailed: 0, failed: 0 });
    for (const who of [owner, optedIn, unconfirmed]) {
      expect((await noticesOf(who.token)).map((n) => n.RecordId).sort()).toEqual(
        [String(due.id), String(serious.id), String(dueTomorrow.id)].sort(),
      );
    }
    expect(await noticesOf(notOptedIn.token)).toEqual([]);
    expect(await repairableMails(owner.mail)).toHaveLength(3);
    expect(await repairableMails(optedIn.mail)).toHaveLength(3);
    expect(await repairableMails(unconfirmed.mail)).toHaveLength(0);
  });

  it('sends a mail that failed once, by a later run, and only once', async () => {
    const later = penalty(t.app.db, made, { decidedOn: addMonths(localToday(inTwoDays), -3), severity: '一般' });
    const down: Mailer = {
      outboxDir: null,
      close: () => undefined,
      send: () => Promise.reject(new Error('smtp down')),
    };
    const failed = (await jobAt(inTwoDays, down).run()).repairable;
    expect(failed.mailed).toBe(0);
    expect(failed.failed).toBeGreaterThanOrEqual(2);
    expect(await repairableMails(owner.mail)).toHaveLength(3);
    const up = jobAt(inTwoDays, mailerOf(t));
    expect((await up.run()).repairable).toMatchObject({ notices: 0, mailed: failed.failed, failed: 0 });
    expect((await up.run()).repairable).toEqual({ notices: 0, mailed: 0, failed: 0 });
    expect(await repairableMails(owner.mail)).toHaveLength(4);
    expect(await repairableMails(optedIn.mail)).toHaveLength(4);
    expect((await noticesOf(owner.token)).filter((n) => n.RecordId === String(later.id)).map((n) => n.DocNo)).toEqual([
      later.docNo,
    ]);
  });
});

const mailerOf = (service: TestApp): Mailer =>
  createMailer({ from: 'test <t@example.com>', outboxDir: path.join(service.dataDir, OUTBOX_DIR) });

/** A job of its own on the service's database, its clock at `at`. */
function jobAt(at: Date, mailer: Mailer) {
  const repo = createFollowRepository(t.app.db);
  return createFollowJob({
    repo,
    repairable: createRepairableRepository(t.app.db),
    consents: createConsentRepository(t.app.db),
    mailer,
    linkKey: repo.linkKey(),
    portalUrl: 'http://portal.example/',
    siteName: '信用云州',
    log: t.app.log,
    now: () => at,
  });
}
