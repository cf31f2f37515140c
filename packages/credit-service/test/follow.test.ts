import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  FOLLOW_LIMIT,
  FOLLOW_MESSAGES,
  type FollowConfirmResult,
  type FollowLinkResult,
  type FollowList,
  type FollowNoticePage,
  type FollowReadResult,
  type FollowState,
} from '@credit-portal/shared';
import { buildApp, listOutbox, OUTBOX_DIR } from '../src/app.js';
import { createFollowJob } from '../src/follow/job.js';
import { signUnfollowLink } from '../src/follow/unfollow-link.js';
import { createMailer } from '../src/mail/mailer.js';
import { createFollowRepository } from '../src/repositories/follow.js';
import { createServicesRepository } from '../src/repositories/services.js';
import { publishDemoPenalty } from '../src/seed/publish.js';
import { DEMO_ACCOUNT, DEMO_ACCOUNT_B } from '../src/seed/index.js';
import { localToday } from '../src/lib/dates.js';
import { mailBodyText } from '../../../e2e/mail-text.js';
import {
  buildTestApp,
  injectJson,
  TEST_ENTITIES,
  TEST_PASSWORD_HASHING,
  TEST_SEED,
  UNLIMITED,
  type TestApp,
} from './helper.js';

/*
 * 信用关注 on the credit-service: the caller's own follows within the limit, refusals
 * in the errorCode dialect (no login, bad input, unknown entity, over the limit), user B kept
 * away from user A's follows and notices, the job's notices and digest mail — once, also after a
 * restart — and the signed unfollow link: good once, then a no-op; forged, altered or re-aimed: refused.
 */

interface Answer<T> {
  ErrorCode: number;
  Data: T | null;
  Msg: string;
}

let t: TestApp;
let tokenA: string;
let tokenB: string;

/** Entities of the test data set: the one A follows in the job tests, and others. */
const X = 11;
const Y = 12;
const MAIL = 'follower@example.com';

async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: object; query?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return injectJson<Answer<T>>(t.app, { method, url, headers, payload: options.body, query: options.query });
}

async function login(mobile: string, password: string): Promise<string> {
  const { body } = await call<{ JwtToken: string }>('POST', API_PATHS.login, {
    body: { Mobile: mobile, Password: password },
  });
  return body.Data!.JwtToken;
}

interface Db {
  prepare(sql: string): { run(...params: unknown[]): unknown; pluck(): { get(...params: unknown[]): unknown } };
}
const db = (): Db => (t.app as unknown as { db: Db }).db;

const outbox = () => listOutbox(path.join(t.dataDir, OUTBOX_DIR));

/** The text of an outbox mail. */
const mailText = async (id: string): Promise<string> =>
  mailBodyText(await fs.readFile(path.join(t.dataDir, OUTBOX_DIR, `${id}.eml`), 'utf8'));

const tokenIn = (text: string): string[] => [...text.matchAll(/unfollow\?token=([A-Za-z0-9_.-]+)/g)].map((m) => m[1]!);

const CONFIRM_SUBJECT = '【信用云州】请确认接收信用关注提醒邮件';
/** The outbox's digest mails to an address (not its confirmation mails). */
const digestsTo = async (address: string) =>
  (await outbox()).filter((entry) => entry.to === address && entry.subject !== CONFIRM_SUBJECT);
/** The token of the newest confirmation mail to an address. */
async function confirmTokenFor(address: string): Promise<string> {
  const [mail] = (await outbox()).filter((entry) => entry.to === address && entry.subject === CONFIRM_SUBJECT);
  const text = await mailText(mail!.id);
  return /#\/grzx\/xygz\/confirm\?token=([A-Za-z0-9_-]{43})\n/.exec(text)![1]!;
}
const confirmEmail = (token: string) =>
  call<FollowConfirmResult>('POST', API_PATHS.followConfirmEmail, { body: { token } });

beforeAll(async () => {
  t = await buildTestApp();
  tokenA = await login(DEMO_ACCOUNT.mobile, DEMO_ACCOUNT.password);
  tokenB = await login(DEMO_ACCOUNT_B.mobile, DEMO_ACCOUNT_B.password);
});

afterAll(async () => {
  await t?.close();
});

describe('信用关注: who asks', () => {
  const calls: Array<[method: 'GET' | 'POST', url: string, body?: object, query?: Record<string, string>]> = [
    ['GET', API_PATHS.followList],
    ['GET', API_PATHS.followState, undefined, { entityId: String(X) }],
    ['POST', API_PATHS.follow, { entityId: String(X) }],
    ['POST', API_PATHS.unfollow, { entityId: String(X) }],
    ['GET', API_PATHS.followNotices],
    ['POST', API_PATHS.followNoticesRead, { all: true }],
    ['POST', API_PATHS.followSettings, { EmailDigest: false }],
  ];

  it.each(calls)('%s %s without a login: 401 用户未登录！, nothing changed', async (method, url, body, query) => {
    const { status, body: answer } = await call(method, url, { body, query });
    expect(status).toBe(401);
    expect(answer).toEqual({ ErrorCode: 401, Data: null, Msg: '用户未登录！' });
    const { body: forged } = await call(method, url, { body, query, token: `${tokenA.slice(0, -4)}AAAA` });
    expect(forged.ErrorCode).toBe(401);
  });

  it('refuses bad input with 400 参数错误 and an unknown entity with 404', async () => {
    for (const entityId of ['abc', '0', '-1', '1e3', '']) {
      const { status, body } = await call('POST', API_PATHS.follow, { token: tokenA, body: { entityId } });
      expect(status).toBe(400);
      expect(body.Msg).toMatch(/^参数错误/);
    }
    expect((await call('POST', API_PATHS.follow, { token: tokenA, body: {} })).status).toBe(400);
    expect((await call('GET', API_PATHS.followNotices, { token: tokenA, query: { pageSize: '500' } })).status).toBe(
      400,
    );
    expect((await call('POST', API_PATHS.followNoticesRead, { token: tokenA, body: {} })).status).toBe(400);
    const unknown = await call('POST', API_PATHS.follow, { token: tokenA, body: { entityId: '99999999' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.Msg).toBe(FOLLOW_MESSAGES.entityNotFound);
    const settings = await call('POST', API_PATHS.followSettings, {
      token: tokenA,
      body: { EmailDigest: true, Email: 'not-an-address' },
    });
    expect(settings.status).toBe(400);
    expect(settings.body.Msg).toBe(FOLLOW_MESSAGES.emailInvalid);
    const noMail = await call('POST', API_PATHS.followSettings, { token: tokenA, body: { EmailDigest: true } });
    expect(noMail.body.Msg).toBe(FOLLOW_MESSAGES.emailRequired);
  });

  it('follows and unfollows for the caller only: user B neither sees nor changes what A follows', async () => {
    const followed = await call<FollowState>('POST', API_PATHS.follow, {
      token: tokenA,
      body: { entityId: String(Y) },
    });
    expect(followed.body.Data).toMatchObject({ EntityId: String(Y), Following: true, Count: 1, Limit: FOLLOW_LIMIT });
    // Twice is once.
    const again = await call<FollowState>('POST', API_PATHS.follow, { token: tokenA, body: { entityId: String(Y) } });
    expect(again.body.Data!.Count).toBe(1);

    const listB = await call<FollowList>('GET', API_PATHS.followList, { token: tokenB });
    expect(listB.body.Data!.list).toEqual([]);
    const stateB = await call<FollowState>('GET', API_PATHS.followState, {
      token: tokenB,
      query: { entityId: String(Y) },
    });
    expect(stateB.body.Data!.Following).toBe(false);
    // B's unfollow of the same entity ends B's follow (none), never A's.
    await call('POST', API_PATHS.unfollow, { token: tokenB, body: { entityId: String(Y) } });
    const listA = await call<FollowList>('GET', API_PATHS.followList, { token: tokenA });
    expect(listA.body.Data!.list.map((row) => row.EntityId)).toEqual([String(Y)]);
    expect(listA.body.Data!.list[0]).toMatchObject({ EntName: expect.any(String), CreditCode: expect.any(String) });

    const unfollowed = await call<FollowState>('POST', API_PATHS.unfollow, {
      token: tokenA,
      body: { entityId: String(Y) },
    });
    expect(unfollowed.body).toMatchObject({ ErrorCode: 200, Msg: FOLLOW_MESSAGES.unfollowed });
    expect(unfollowed.body.Data).toMatchObject({ Following: false, Count: 0 });
  });

  it(`keeps to ${FOLLOW_LIMIT} followed entities an account`, async () => {
    for (let id = 101; id < 101 + FOLLOW_LIMIT; id += 1) {
      const { status } = await call('POST', API_PATHS.follow, { token: tokenB, body: { entityId: String(id) } });
      expect(status).toBe(200);
    }
    const over = await call('POST', API_PATHS.follow, { token: tokenB, body: { entityId: '500' } });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ ErrorCode: 409, Msg: FOLLOW_MESSAGES.limitReached });
    const list = await call<FollowList>('GET', API_PATHS.followList, { token: tokenB });
    expect(list.body.Data!.totalCount).toBe(FOLLOW_LIMIT);
    // One out, one in.
    await call('POST', API_PATHS.unfollow, { token: tokenB, body: { entityId: '101' } });
    expect((await call('POST', API_PATHS.follow, { token: tokenB, body: { entityId: '500' } })).status).toBe(200);
    // Back to none, for the tests below.
    for (let id = 102; id < 101 + FOLLOW_LIMIT; id += 1)
      await call('POST', API_PATHS.unfollow, { token: tokenB, body: { entityId: String(id) } });
    await call('POST', API_PATHS.unfollow, { token: tokenB, body: { entityId: '500' } });
    expect((await call<FollowList>('GET', API_PATHS.followList, { token: tokenB })).body.Data!.totalCount).toBe(0);
  });
});

describe('信用关注: notices and the daily digest', () => {
  let firstMail: string;

  it('a new penalty of a followed entity makes one notice and one mail, not two after a restart', async () => {
    await call('POST', API_PATHS.follow, { token: tokenA, body: { entityId: String(X) } });
    const settings = await call('POST', API_PATHS.followSettings, {
      token: tokenA,
      body: { EmailDigest: true, Email: MAIL },
    });
    expect(settings.body).toEqual({
      ErrorCode: 200,
      Data: { EmailDigest: true, Email: MAIL, EmailConfirmed: false },
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
    expect(afterRestart).toEqual({ notices: {}, mailed: 0, failed: 0 });
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
    const services = createServicesRepository(t.app.db);
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
    await call('POST', API_PATHS.follow, { token: tokenA, body: { entityId: String(X) } });
    expect((await unfollowByLink(token!)).body.Data!.Unfollowed).toBe(false);
    expect(await followsX()).toBe(true);
  });
});

describe('信用关注: a digest address is confirmed by its owner', () => {
  const STRANGER = 'stranger@example.net';
  const confirmationsTo = async (address: string) =>
    (await outbox()).filter((entry) => entry.to === address && entry.subject === CONFIRM_SUBJECT);
  const saveB = (body: { EmailDigest: boolean; Email?: string }) =>
    call<FollowList['Settings']>('POST', API_PATHS.followSettings, { token: tokenB, body });
  const settingsB = async () =>
    (await call<FollowList>('GET', API_PATHS.followList, { token: tokenB })).body.Data!.Settings;
  /** Moves B's pending link's mailing time back, past the resend window. */
  const ageConfirmation = () =>
    db()
      .prepare('UPDATE follow_settings SET confirm_sent_at = confirm_sent_at - 61000 WHERE confirm_sent_at IS NOT NULL')
      .run();

  it('mails a typed address the confirmation only, naming no account, and digests once its owner confirmed', async () => {
    await call('POST', API_PATHS.follow, { token: tokenB, body: { entityId: String(Y) } });
    const saved = await saveB({ EmailDigest: true, Email: STRANGER });
    expect(saved.body).toEqual({
      ErrorCode: 200,
      Data: { EmailDigest: true, Email: STRANGER, EmailConfirmed: false },
      Msg: FOLLOW_MESSAGES.confirmMailSent,
    });
    const [confirmation] = await confirmationsTo(STRANGER);
    const text = await mailText(confirmation!.id);
    expect(text).toMatch(/^http:\/\/localhost:8080\/#\/grzx\/xygz\/confirm\?token=[A-Za-z0-9_-]{43}$/m);
    expect(text).toContain('未经确认，本邮箱不会收到任何提醒邮件');
    expect(text).not.toContain(DEMO_ACCOUNT_B.mobile);
    expect(text).not.toContain(DEMO_ACCOUNT_B.mobile.slice(-4));
    expect(text).not.toContain(createFollowRepository(t.app.db).entityName(Y)!);

    // News about what B follows while the address is not confirmed: no mail to it.
    const before = publishDemoPenalty(t.app.db, Y, localToday())!;
    await t.app.followJob.run();
    expect(await digestsTo(STRANGER)).toEqual([]);
    expect(await settingsB()).toEqual({ EmailDigest: true, Email: STRANGER, EmailConfirmed: false });

    const confirmed = await confirmEmail(await confirmTokenFor(STRANGER));
    expect(confirmed.body).toEqual({
      ErrorCode: 200,
      Data: { Email: 's***@example.net' },
      Msg: FOLLOW_MESSAGES.emailConfirmed,
    });
    expect(await settingsB()).toEqual({ EmailDigest: true, Email: STRANGER, EmailConfirmed: true });

    const after = publishDemoPenalty(t.app.db, Y, localToday())!;
    await t.app.followJob.run();
    const digests = await digestsTo(STRANGER);
    expect(digests).toHaveLength(1);
    const digest = await mailText(digests[0]!.id);
    expect(digest).toContain(after.docNo);
    // What was published before the confirmation was never waiting for this address.
    expect(digest).not.toContain(before.docNo);
  });

  it('takes a link once, not after it expired, was replaced or its address changed; a guess confirms nothing', async () => {
    const SECOND = 'second@example.net';
    const THIRD = 'third@example.net';
    // A new address is unconfirmed again (and the old one gets nothing more).
    expect((await saveB({ EmailDigest: true, Email: SECOND })).body.Data).toEqual({
      EmailDigest: true,
      Email: SECOND,
      EmailConfirmed: false,
    });
    const expired = await confirmTokenFor(SECOND);
    db().prepare('UPDATE follow_settings SET confirm_expires = 1 WHERE confirm_expires IS NOT NULL').run();
    expect((await confirmEmail(expired)).body).toEqual({
      ErrorCode: 400,
      Data: null,
      Msg: FOLLOW_MESSAGES.confirmLinkInvalid,
    });

    // Saved again at once: no second mail (429); after the window, a new link replaces the old.
    const again = await saveB({ EmailDigest: true, Email: SECOND });
    expect(again.status).toBe(429);
    expect(again.body.Msg).toBe(FOLLOW_MESSAGES.confirmMailRecent);
    expect(await confirmationsTo(SECOND)).toHaveLength(1);
    await ageConfirmation();
    expect((await saveB({ EmailDigest: true, Email: SECOND })).body.Msg).toBe(FOLLOW_MESSAGES.confirmMailSent);
    expect(await confirmationsTo(SECOND)).toHaveLength(2);
    const replaced = await confirmTokenFor(SECOND);
    expect(replaced).not.toBe(expired);

    // The address changed after the link was mailed: the link confirms nothing.
    await saveB({ EmailDigest: true, Email: THIRD });
    expect((await confirmEmail(replaced)).body.Msg).toBe(FOLLOW_MESSAGES.confirmLinkInvalid);
    expect((await confirmEmail(expired)).body.Msg).toBe(FOLLOW_MESSAGES.confirmLinkInvalid);

    const guessed = await confirmEmail(Buffer.alloc(32, 7).toString('base64url'));
    expect(guessed.body.Msg).toBe(FOLLOW_MESSAGES.confirmLinkInvalid);
    for (const malformed of ['', 'abc', `${'A'.repeat(42)}=`, 'A'.repeat(44)]) {
      const { status, body } = await confirmEmail(malformed);
      expect(status).toBe(400);
      expect(body.Msg).toMatch(/^参数错误/);
    }
    expect(await settingsB()).toEqual({ EmailDigest: true, Email: THIRD, EmailConfirmed: false });

    const good = await confirmTokenFor(THIRD);
    expect((await confirmEmail(good)).body.Data).toEqual({ Email: 't***@example.net' });
    expect((await confirmEmail(good)).body.Msg).toBe(FOLLOW_MESSAGES.confirmLinkInvalid);

    // Off and on again with the same address: still confirmed, no new mail.
    const mails = (await outbox()).length;
    expect((await saveB({ EmailDigest: false, Email: THIRD })).body.Data).toEqual({
      EmailDigest: false,
      Email: THIRD,
      EmailConfirmed: true,
    });
    const on = await saveB({ EmailDigest: true, Email: THIRD });
    expect(on.body).toEqual({
      ErrorCode: 200,
      Data: { EmailDigest: true, Email: THIRD, EmailConfirmed: true },
      Msg: FOLLOW_MESSAGES.settingsSaved,
    });
    expect((await outbox()).length).toBe(mails);
    await saveB({ EmailDigest: false, Email: '' });
  });

  it('keeps the choice and says so when the confirmation cannot be mailed; a new try may follow at once', async () => {
    // An SMTP address nothing listens on: every mail fails.
    const down = await buildTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      const { body } = await injectJson<Answer<{ JwtToken: string }>>(down.app, {
        method: 'POST',
        url: API_PATHS.login,
        payload: { Mobile: DEMO_ACCOUNT.mobile, Password: DEMO_ACCOUNT.password },
      });
      const save = () =>
        injectJson<Answer<FollowList['Settings']>>(down.app, {
          method: 'POST',
          url: API_PATHS.followSettings,
          headers: { authorization: `Bearer ${body.Data!.JwtToken}` },
          payload: { EmailDigest: true, Email: MAIL },
        });
      for (let i = 0; i < 2; i += 1) {
        expect((await save()).body).toEqual({
          ErrorCode: 200,
          Data: { EmailDigest: true, Email: MAIL, EmailConfirmed: false },
          Msg: FOLLOW_MESSAGES.confirmMailFailed,
        });
      }
    } finally {
      await down.close();
    }
  });
});
