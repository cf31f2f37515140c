import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  FOLLOW_MESSAGES,
  type FollowLinkResult,
  type FollowList,
  type FollowNoticePage,
  type FollowReadResult,
  type FollowState,
} from '@credit-portal/shared';
import { buildApp, OUTBOX_DIR } from '../../../src/app.js';
import { createFollowJob } from '../../../src/follow/job.js';
import { signUnfollowLink } from '../../../src/follow/unfollow-link.js';
import { createMailer } from '../../../src/mail/mailer.js';
import { createFollowRepository } from '../../../src/repositories/follow.js';
import { createConsentRepository } from '../../../src/repositories/consents.js';
import { createRepairableRepository } from '../../../src/repositories/repairable-notices.js';
import { createServicesRepository } from '../../../src/repositories/services.js';
import { publishDemoPenalty } from '../../../src/demo/seed/publish.js';
import { DEMO_ACCOUNT, DEMO_ACCOUNT_B } from '../../../src/demo/seed/index.js';
import { localToday } from '../../../src/lib/dates.js';
import { TEST_ENTITIES, TEST_PASSWORD_HASHING, TEST_SEED, UNLIMITED, type TestApp } from '../../helper.js';
import { follow } from '../../factories.js';
import { followTools, startFollowTest, MAIL, tokenIn, X, Y } from './support.js';

/*
 * 信用关注's notices on the credit-service: the job's notices and digest mail — once, also after a
 * restart, and sent later when the mail server was down — what else is published to followers,
 * and the signed unfollow link: good once, then a no-op; forged, altered or re-aimed: refused.
 */

let t: TestApp;
let tokenA: string;
let tokenB: string;
const { call, login, db, outbox, mailText, digestsTo, confirmTokenFor, confirmEmail } = followTools(() => t);

beforeAll(async () => {
  ({ t, tokenA, tokenB } = await startFollowTest());
});
afterAll(() => t?.close());

describe('信用关注: notices and the daily digest', () => {
  let firstMail: string;

  it('a new penalty of a followed entity makes one notice and one mail, not two after a restart', async () => {
    await follow(t, tokenA, X);
    const settings = await call('POST', API_PATHS.followSettings, {
      token: tokenA,
      body: { EmailDigest: true, Email: MAIL },
    });
    expect(settings.body).toEqual({
      ErrorCode: 200,
      Data: { EmailDigest: true, Email: MAIL, EmailConfirmed: false, RepairableNotice: false },
      Msg: FOLLOW_MESSAGES.confirmMailSent,
    });
    const confirmed = await confirmEmail(await confirmTokenFor(MAIL));
    expect(confirmed.body).toEqual({
      ErrorCode: 200,
      Data: { Email: 'f***@example.com' },
      Msg: FOLLOW_MESSAGES.emailConfirmed,
    });
    const mailsBefore = (await outbox()).length;
    // Published after the service started and before the job's first run: news. The data set
    // the database was seeded with is not (the marks start at its end): one notice, this one.

    const published = publishDemoPenalty(t.app.db, X, localToday())!;
    const run = await t.app.followJob.run();
    expect(run.notices).toEqual({ penalties: 1 });
    expect(run.mailed).toBe(1);
    expect((await t.app.followJob.run()).mailed).toBe(0);

    const notices = await call<FollowNoticePage>('GET', API_PATHS.followNotices, { token: tokenA });
    expect(notices.body.Data!.totalCount).toBe(1);
    expect(notices.body.Data!.Unread).toBe(1);
    expect(notices.body.Data!.list[0]).toMatchObject({
      EntityId: String(X),
      Kind: 'penalty',
      Title: `新增行政处罚：${published.docNo}`,
      Read: false,
      RecordId: String(published.id),
      PublishedOn: localToday(),
    });
    // B follows nothing: B has no notice.
    expect(
      (await call<FollowNoticePage>('GET', API_PATHS.followNotices, { token: tokenB })).body.Data!.totalCount,
    ).toBe(0);

    const mails = await digestsTo(MAIL);
    expect(mails).toHaveLength(1);
    expect((await outbox()).length).toBe(mailsBefore + 1);
    firstMail = await mailText(mails[0]!.id);
    expect(firstMail).toContain(published.docNo);
    expect(firstMail).toContain(published.entityName);
    expect(tokenIn(firstMail)).toHaveLength(1);

    // A restart: the same database, a new process's app, the job run again.
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
    const afterRestart = await app.followJob.run();
    expect(afterRestart).toEqual({
      notices: {},
      mailed: 0,
      failed: 0,
      repairable: { notices: 0, mailed: 0, failed: 0 },
    });
    tokenA = await login(DEMO_ACCOUNT.mobile, DEMO_ACCOUNT.password);
    tokenB = await login(DEMO_ACCOUNT_B.mobile, DEMO_ACCOUNT_B.password);
    expect(
      (await call<FollowNoticePage>('GET', API_PATHS.followNotices, { token: tokenA })).body.Data!.totalCount,
    ).toBe(1);
    expect(await digestsTo(MAIL)).toHaveLength(1);
  });

  it('mails at most one digest a day: the day’s later news waits for the next day', async () => {
    publishDemoPenalty(t.app.db, X, localToday());
    db().prepare(`UPDATE entities SET status = '吊销' WHERE id = ?`).run(X);
    const run = await t.app.followJob.run();
    expect(run.notices).toEqual({ penalties: 1, entity_status_changes: 1 });
    expect(run.mailed).toBe(0);
    expect(await digestsTo(MAIL)).toHaveLength(1);

    // The next day (a job of its own on the same database and outbox): one digest of both.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const mailer = createMailer({ from: 'test <t@example.com>', outboxDir: path.join(t.dataDir, OUTBOX_DIR) });
    const repo = createFollowRepository(t.app.db);
    const job = createFollowJob({
      repo,
      repairable: createRepairableRepository(t.app.db),
      consents: createConsentRepository(t.app.db),
      mailer,
      linkKey: repo.linkKey(),
      portalUrl: 'http://portal.example/',
      siteName: '信用云州',
      log: t.app.log,
      now: () => tomorrow,
    });
    expect((await job.run()).mailed).toBe(1);
    expect((await job.run()).mailed).toBe(0);
    const mails = await digestsTo(MAIL);
    expect(mails).toHaveLength(2);
    const text = await mailText(mails[0]!.id);
    expect(text).toContain('登记状态变更：存续 → 吊销');
    expect(text).toContain('http://portal.example/#/grzx/xygz/unfollow?token=');
    db().prepare(`UPDATE entities SET status = '存续' WHERE id = ?`).run(X);
  });

  it('lists notices by page, newest first, and marks the caller’s own read', async () => {
    const page1 = await call<FollowNoticePage>('GET', API_PATHS.followNotices, {
      token: tokenA,
      query: { pageIndex: '1', pageSize: '2' },
    });
    expect(page1.body.Data!.totalCount).toBe(3);
    expect(page1.body.Data!.list.map((n) => n.Kind)).toEqual(['status', 'penalty']);
    const page2 = await call<FollowNoticePage>('GET', API_PATHS.followNotices, {
      token: tokenA,
      query: { pageIndex: '2', pageSize: '2' },
    });
    expect(page2.body.Data!.list.map((n) => n.Kind)).toEqual(['penalty']);
    const ids = page1.body.Data!.list.map((n) => n.id);
    // B marking A's notices changes nothing of A's.
    await call('POST', API_PATHS.followNoticesRead, { token: tokenB, body: { ids } });
    expect((await call<FollowNoticePage>('GET', API_PATHS.followNotices, { token: tokenA })).body.Data!.Unread).toBe(3);
    const read = await call<FollowReadResult>('POST', API_PATHS.followNoticesRead, { token: tokenA, body: { ids } });
    expect(read.body.Data).toEqual({ Unread: 1 });
    const list = await call<FollowList>('GET', API_PATHS.followList, { token: tokenA });
    expect(list.body.Data!.list.find((row) => row.EntityId === String(X))!.Unread).toBe(1);
    expect(
      (await call<FollowReadResult>('POST', API_PATHS.followNoticesRead, { token: tokenA, body: { all: true } })).body
        .Data,
    ).toEqual({ Unread: 0 });
  });
});

describe('信用关注: what else is published', () => {
  it('notices an objection decided, a repair approved, a new licence and a red-list entry, for followers only', async () => {
    interface Open {
      applyNo: string;
      kind: 'repair' | 'objection';
      entityId: number;
      status: string;
    }
    const open = (kind: string) =>
      (t.app.db
        .prepare(
          `SELECT apply_no AS applyNo, kind, entity_id AS entityId, status FROM service_applications
           WHERE kind = ? AND status IN ('submitted', 'accepted', 'reviewing') ORDER BY id LIMIT 1`,
        )
        .get(kind) as Open | undefined)!;
    const objection = open('objection');
    const repair = open('repair');
    for (const entityId of [objection.entityId, repair.entityId]) {
      await call('POST', API_PATHS.follow, { token: tokenA, body: { entityId: String(entityId) } });
    }
    const services = createServicesRepository(t.app.db, t.app.site);
    const at = '2026-11-20 10:00:00';
    const walk = (app: Open, last: 'approve' | 'reject') => {
      const steps = { submitted: ['accept', 'review'], accepted: ['review'], reviewing: [] }[app.status] ?? [];
      for (const step of [...steps, last] as const) services.review(app.applyNo, step, at, undefined, undefined);
    };
    walk(objection, 'reject');
    walk(repair, 'approve');
    // A new licence and a red-list entry of a followed entity; one of an entity nobody follows.
    const licence = (entityId: number) =>
      db()
        .prepare(
          `INSERT INTO licences (entity_id, XK_XDR_LB, XK_WSH, XK_XKZS, XK_XKLB, XK_XKBH, XK_NR, XK_XDR_MC, XK_FRDB,
             XK_JDRQ, XK_YXQZ, XK_YXQZI, XK_XKJG, XK_XKJGDM, XK_LYDW, XK_LYDWDM, UPDATETIME)
           VALUES (?, '法人及非法人组织', '云市监许〔2026〕9001号', '食品经营许可证', '普通', 'JY9001', '食品销售', '', '',
             '2026-11-20', '2026-11-20', '2031-11-19', '云州市市场监督管理局', '', '云州市市场监督管理局', '', '2026-11-20 09:00:00')`,
        )
        .run(entityId);
    licence(objection.entityId);
    licence(1400);
    db()
      .prepare(
        `INSERT INTO red_black_list (entity_id, list_type, list_name, reason, authority, included_on, valid_until)
         VALUES (?, 'red', '纳税信用A级纳税人名单', '年度纳税信用评价为A级', '国家税务总局云州市税务局', '2026-11-20', '2027-11-19')`,
      )
      .run(objection.entityId);

    const run = await t.app.followJob.run();
    // And X's status set back at the end of the digest test: X is still followed.
    expect(run.notices).toEqual({ licences: 1, application_steps: 2, red_black_list: 1, entity_status_changes: 1 });
    const page = await call<FollowNoticePage>('GET', API_PATHS.followNotices, {
      token: tokenA,
      query: { pageSize: '10' },
    });
    const kinds = page.body.Data!.list.map((n) => [n.Kind, n.EntityId]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['objection_outcome', String(objection.entityId)],
        ['penalty_repaired', String(repair.entityId)],
        ['licence', String(objection.entityId)],
        ['red_list', String(objection.entityId)],
      ]),
    );
    const outcome = page.body.Data!.list.find((n) => n.Kind === 'objection_outcome')!;
    expect(outcome.Title).toMatch(/^异议处理结果：/);
    expect(outcome.Detail).toMatch(/^异议不成立。/);
    // B follows none of them: nothing for B.
    expect(
      (await call<FollowNoticePage>('GET', API_PATHS.followNotices, { token: tokenB })).body.Data!.totalCount,
    ).toBe(0);
    for (const entityId of [objection.entityId, repair.entityId]) {
      await call('POST', API_PATHS.unfollow, { token: tokenA, body: { entityId: String(entityId) } });
    }
  });
});

describe('信用关注: a digest that cannot be sent', () => {
  it('is released and sent by a later run of the same day, once', async () => {
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000);
    const repo = createFollowRepository(t.app.db);
    const jobWith = (mailer: Parameters<typeof createFollowJob>[0]['mailer']) =>
      createFollowJob({
        repo,
        repairable: createRepairableRepository(t.app.db),
        consents: createConsentRepository(t.app.db),
        mailer,
        linkKey: repo.linkKey(),
        portalUrl: 'http://portal.example/',
        siteName: '信用云州',
        log: t.app.log,
        now: () => inTwoDays,
      });
    const down = jobWith({
      outboxDir: null,
      send: () => Promise.reject(new Error('mail server down')),
      close: () => undefined,
    });
    expect(await down.run()).toMatchObject({ mailed: 0, failed: 1 });
    const before = (await digestsTo(MAIL)).length;
    const up = jobWith(createMailer({ from: 'test <t@example.com>', outboxDir: path.join(t.dataDir, OUTBOX_DIR) }));
    expect(await up.run()).toMatchObject({ mailed: 1, failed: 0 });
    expect(await up.run()).toMatchObject({ mailed: 0, failed: 0 });
    const mails = await digestsTo(MAIL);
    expect(mails).toHaveLength(before + 1);
    expect(await mailText(mails[0]!.id)).toContain('异议处理结果：');
  });
});

describe('信用关注: the signed unfollow link', () => {
  const unfollowByLink = (token: string) =>
    call<FollowLinkResult>('POST', API_PATHS.followUnfollowByLink, { body: { token } });
  const followsX = async () =>
    (await call<FollowState>('GET', API_PATHS.followState, { token: tokenA, query: { entityId: String(X) } })).body
      .Data!.Following;

  it('refuses a forged, altered or re-aimed link and ends nothing', async () => {
    const [token] = tokenIn(await mailText((await digestsTo(MAIL)).at(-1)!.id));
    const [payload, signature] = token!.split('.') as [string, string];
    const [followId, owner, entityId] = JSON.parse(Buffer.from(payload, 'base64url').toString()) as [
      number,
      string,
      number,
    ];
    const forged = [
      'garbage',
      `${payload}.${signature.slice(0, -2)}AA`,
      `${payload}x.${signature}`,
      // The same follow re-aimed at user B, or at another entity, under the old signature.
      `${Buffer.from(JSON.stringify([followId, 'user:2', entityId])).toString('base64url')}.${signature}`,
      `${Buffer.from(JSON.stringify([followId, owner, Y])).toString('base64url')}.${signature}`,
      // Well formed, signed with another key.
      signUnfollowLink('another-key-of-at-least-32-characters!!', { followId, owner, entityId }),
    ];
    for (const bad of forged) {
      const { status, body } = await unfollowByLink(bad);
      expect(status).toBe(400);
      expect(body.Msg).toMatch(new RegExp(`${FOLLOW_MESSAGES.linkInvalid}|^参数错误`));
    }
    expect(await followsX()).toBe(true);
  });

  it('ends the follow once; used again it changes nothing, also after a new follow', async () => {
    const [token] = tokenIn(await mailText((await digestsTo(MAIL)).at(-1)!.id));
    const first = await unfollowByLink(token!);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ ErrorCode: 200, Msg: FOLLOW_MESSAGES.unfollowed, Data: { Unfollowed: true } });
    expect(first.body.Data!.EntName).not.toBe('');
    expect(await followsX()).toBe(false);

    const second = await unfollowByLink(token!);
    expect(second.body).toMatchObject({ ErrorCode: 200, Msg: FOLLOW_MESSAGES.linkUsed, Data: { Unfollowed: false } });

    // Followed again: the old link names the ended follow, not the new one.
    await follow(t, tokenA, X);
    expect((await unfollowByLink(token!)).body.Data!.Unfollowed).toBe(false);
    expect(await followsX()).toBe(true);
  });
});
