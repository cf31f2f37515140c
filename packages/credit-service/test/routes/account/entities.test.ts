import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  API_PATHS,
  type CreditPromise,
  type EntityBaseInfo,
  type EntityDetailInfo,
} from '@credit-portal/shared';
import { localToday } from '../../../src/lib/dates.js';
import { penaltyPublicizedSql } from '../../../src/repositories/publicity.js';
import { DEMO_ACCOUNT, DEMO_ACCOUNT_B } from '../../../src/demo/seed/index.js';
import { buildTestApp, type TestApp } from '../../helper.js';
import { accountHelpers } from './support.js';

/* What a login reads and files for entities: their details, and credit promises for the account's own. */

let testApp: TestApp;
let app: FastifyInstance;
const { call, register, loginAs, anEntity } = accountHelpers(() => testApp);

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

describe('entity details', () => {
  it('answers the registration information and the details as of today', async () => {
    const { JwtToken } = await register();
    const row = app.db
      .prepare(
        `SELECT e.id FROM entities e WHERE EXISTS (SELECT 1 FROM licences l WHERE l.entity_id = e.id)
           AND EXISTS (SELECT 1 FROM penalties p WHERE p.entity_id = e.id) ORDER BY e.id LIMIT 1`,
      )
      .get() as { id: number };
    const id = String(row.id);
    const base = await call<EntityBaseInfo>('GET', `${API_PATHS.entityBaseInfo}?id=${id}`, { token: JwtToken });
    const entity = anEntity(`id = ${id}`);
    expect(base.body.Data).toMatchObject({ ID: id, EntName: entity.name, CreditCode: entity.credit_code });
    expect(base.body.Data!.RegAuthority).toMatch(/市场监督管理局$/);

    const detail = (await call<EntityDetailInfo>('GET', `${API_PATHS.entityDetailInfo}?id=${id}`, { token: JwtToken }))
      .body.Data!;
    const licences = app.db.prepare('SELECT XK_WSH FROM licences WHERE entity_id = ?').pluck().all(row.id);
    expect(detail.Licences.map((l) => l.xzxkCode).sort()).toEqual([...licences].sort());
    const today = localToday();
    const inForce = app.db
      .prepare(
        `SELECT CAST(id AS TEXT) FROM penalties WHERE entity_id = ? AND CF_XDR_LB <> '自然人' AND ${penaltyPublicizedSql('?')}`,
      )
      .pluck()
      .all(row.id, today);
    expect(detail.Penalties.map((p) => p.id).sort()).toEqual([...inForce].sort());
    expect(detail.Penalties.every((p) => p.CF_GSJZQ >= today)).toBe(true);
  });

  it('lists red and black list entries in force only', async () => {
    const { JwtToken } = await register();
    const listed = app.db.prepare('SELECT entity_id, valid_until FROM red_black_list ORDER BY id').all() as {
      entity_id: number;
      valid_until: string;
    }[];
    expect(listed.length).toBeGreaterThan(0);
    const today = localToday();
    const current = listed.find((entry) => entry.valid_until >= today)!;
    const detail = (
      await call<EntityDetailInfo>('GET', `${API_PATHS.entityDetailInfo}?id=${current.entity_id}`, { token: JwtToken })
    ).body.Data!;
    expect(detail.RedBlack.length).toBeGreaterThan(0);
    expect(detail.RedBlack.every((entry) => entry.ValidUntil >= today)).toBe(true);
    const lapsed = listed.find((entry) => entry.valid_until < today);
    if (lapsed) {
      const other = (
        await call<EntityDetailInfo>('GET', `${API_PATHS.entityDetailInfo}?id=${lapsed.entity_id}`, { token: JwtToken })
      ).body.Data!;
      expect(other.RedBlack.some((entry) => entry.ValidUntil < today)).toBe(false);
    }
  });

  it('answers 404 for an unknown entity', async () => {
    const { JwtToken } = await register();
    for (const path of [API_PATHS.entityBaseInfo, API_PATHS.entityDetailInfo]) {
      const { status, body } = await call('GET', `${path}?id=99999999`, { token: JwtToken });
      expect(status).toBe(404);
      expect(body.Msg).toBe('未找到该记录');
    }
  });
});

describe('credit promises', () => {
  const PROMISE = {
    PromiseType: '主动型',
    Content: '本单位承诺依法诚信经营，接受社会监督。',
    Promiser: '张三',
    ContactMobile: '13800138000',
  } as const;

  /** An entity the demo account may act for (user_entities), and one it may not. */
  function entitiesOf(mobile: string): { mine: ReturnType<typeof anEntity>; foreign: ReturnType<typeof anEntity> } {
    const owner = `user:${app.db.prepare('SELECT id FROM users WHERE mobile = ?').pluck().get(mobile) as number}`;
    const mine = `id IN (SELECT entity_id FROM user_entities WHERE owner = '${owner}')`;
    return { mine: anEntity(`${mine} AND status = '存续'`), foreign: anEntity(`NOT ${mine}`) };
  }

  it('files a promise for an entity of the account, lists it as the user’s, and keeps it off the details until reviewed', async () => {
    const { JwtToken } = await loginAs(DEMO_ACCOUNT);
    const entity = entitiesOf(DEMO_ACCOUNT.mobile).mine;
    const created = await call<CreditPromise>('POST', API_PATHS.myPromises, {
      token: JwtToken,
      body: { ...PROMISE, CreditCode: entity.credit_code.toLowerCase() },
    });
    expect(created.status).toBe(200);
    expect(created.body.Data).toMatchObject({ EntName: entity.name, CreditCode: entity.credit_code, Status: '待审核' });
    const mine = (await call<CreditPromise[]>('GET', API_PATHS.myPromises, { token: JwtToken })).body.Data!;
    expect(mine.map((p) => p.ID)).toContain(created.body.Data!.ID);
    const detail = (
      await call<EntityDetailInfo>('GET', `${API_PATHS.entityDetailInfo}?id=${entity.id}`, { token: JwtToken })
    ).body.Data!;
    expect(detail.Promises.some((p) => p.ID === created.body.Data!.ID)).toBe(false);
    // Another user sees none of it.
    const other = await register();
    expect((await call<CreditPromise[]>('GET', API_PATHS.myPromises, { token: other.JwtToken })).body.Data).toEqual([]);
  });

  it('refuses a promise for another account’s entity, as repairs and objections do (403)', async () => {
    const a = entitiesOf(DEMO_ACCOUNT.mobile).mine;
    const userB = await loginAs(DEMO_ACCOUNT_B);
    const stranger = await register();
    for (const token of [userB.JwtToken, stranger.JwtToken]) {
      const filed = await call('POST', API_PATHS.myPromises, {
        token,
        body: { ...PROMISE, CreditCode: a.credit_code },
      });
      expect(filed.status).toBe(403);
      expect(filed.body).toEqual({ ErrorCode: 403, Data: null, Msg: ACCOUNT_MESSAGES.promiseNotMine });
    }
    const filedFor = app.db
      .prepare('SELECT COUNT(*) FROM credit_promises WHERE entity_id = ? AND owner IS NOT NULL AND owner <> ?')
      .pluck()
      .get(
        a.id,
        `user:${app.db.prepare('SELECT id FROM users WHERE mobile = ?').pluck().get(DEMO_ACCOUNT.mobile) as number}`,
      );
    expect(filedFor).toBe(0);
  });

  it.each([
    [{ CreditCode: '123' }, '请输入18位统一社会信用代码', 400],
    [{ CreditCode: '91350200MA2YJ1XR9G' }, '未找到该统一社会信用代码对应的主体', 404],
    [{ ContactMobile: '12345' }, ACCOUNT_MESSAGES.mobileInvalid, 400],
    [{ Content: '太短' }, '请填写承诺内容（至少10个字）', 400],
  ])('refuses %j', async (change, message, status) => {
    const { JwtToken } = await loginAs(DEMO_ACCOUNT);
    const entity = entitiesOf(DEMO_ACCOUNT.mobile).mine;
    const answer = await call('POST', API_PATHS.myPromises, {
      token: JwtToken,
      body: { ...PROMISE, CreditCode: entity.credit_code, ...change },
    });
    expect(answer.status).toBe(status);
    expect(answer.body.Msg).toBe(message);
  });
});
