import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HEADS,
  ACCOUNT_MESSAGES,
  API_PATHS,
  ERROR_CODES,
  MESSAGES,
  type MyBusiness,
  type PermitSearchPage,
  type CreditPromise,
  type PromiseFulfilmentDetail,
  type PromiseFulfilmentPage,
  type PromisePage,
  type PunishSearchPage,
  type RedBlackPage,
} from '@credit-portal/shared';
import { ENVELOPE_KEYS, startGateway, testConfig, type RunningGateway, upstreamEnv } from '../../support/gateway.js';
import { startUpstream, type Upstream } from '../../support/upstream.js';
import { registerThroughGateway } from '../../support/accounts.js';

/*
 * The information-disclosure lists through the gateway: the normalized envelope,
 * server-side paging, search, not-found, the bearer rows refused without a token, and the cache
 * on the public ones.
 */
describe('credit lists through the gateway', () => {
  let upstream: Upstream;
  let gateway: RunningGateway;

  beforeAll(async () => {
    upstream = await startUpstream();
    gateway = await startGateway(testConfig(upstreamEnv(upstream.url)));
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  const get = (path: string, query: Record<string, string | number> = {}) =>
    request(gateway.url).get(path).query(query);

  it('pages and searches the licence double-disclosure list in the normalized envelope', async () => {
    const first = await get(API_PATHS.permitSearch, { pageSize: 4 }).expect(200);
    expect(Object.keys(first.body).sort()).toEqual(ENVELOPE_KEYS);
    const page = first.body.data as PermitSearchPage;
    expect(first.body.ok).toBe(true);
    expect(page.list).toHaveLength(4);
    expect(page.totalCount).toBeGreaterThan(100);
    const second = (await get(API_PATHS.permitSearch, { pageSize: 2, pageIndex: 2 }).expect(200)).body
      .data as PermitSearchPage;
    expect(second.list).toEqual(page.list.slice(2, 4));
    const found = (await get(API_PATHS.permitSearch, { entNameOrLicenseDocNo: page.list[0]!.xK_WSH }).expect(200)).body
      .data as PermitSearchPage;
    expect(found.list.map((row) => row.id)).toEqual([page.list[0]!.id]);
    const literal = await get(API_PATHS.permitSearch, { entNameOrLicenseDocNo: "%' OR 1=1 --" }).expect(200);
    expect(literal.body.data).toEqual({ list: [], totalCount: 0 });
  });

  it('caches a penalty search: MISS, then HIT with the same answer', async () => {
    const query = { entNameOrPunishDocNo: '公司', pageSize: 3 };
    const miss = await get(API_PATHS.punishSearch, query).expect(200);
    expect(miss.headers['x-cache']).toBe('MISS');
    const data = miss.body.data as PunishSearchPage;
    expect(data.list.every((row) => row.cF_XDR_MC.includes('公司') || row.cF_WSH.includes('公司'))).toBe(true);
    expect(data.list.every((row) => ['正常', '信用修复中', '异议处理中'].includes(row.cF_ZT))).toBe(true);
    const hit = await get(API_PATHS.punishSearch, query).expect(200);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.body).toEqual(miss.body);
    expect(gateway.app.config.routes.find((route) => route.path === API_PATHS.punishSearch)?.rateLimit).toBe('strict');
  });

  it('answers an unknown penalty with the upstream 404 in the normalized envelope', async () => {
    const missing = await get(API_PATHS.punishDetail, { id: '99999999' }).expect(404);
    expect(missing.body).toEqual({ ok: false, code: 404, message: '未找到该记录', data: null });
  });

  it('refuses the red and black lists without a token: 401 not_logged_in in the normalized envelope, never cached', async () => {
    for (const call of [
      request(gateway.url).post(API_PATHS.redBlackList).send({ listType: 'black' }),
      request(gateway.url).get(API_PATHS.redBlackDetail).query({ id: '1' }),
    ]) {
      const response = await call.expect(401);
      expect(Object.keys(response.body).sort()).toEqual(ENVELOPE_KEYS);
      expect(response.body).toEqual({
        ok: false,
        code: ERROR_CODES.notLoggedIn,
        message: MESSAGES.notRealNameLoggedIn,
        data: null,
      });
      expect(response.headers['x-cache']).toBe('BYPASS');
    }
    expect(HEADS.redBlackList).not.toHaveProperty('cache');
    expect(HEADS.redBlackDetail).not.toHaveProperty('cache');
  });

  it('lists the red and black lists with a token, paged', async () => {
    const token = (await registerThroughGateway(gateway.url, upstream.dataDir, '13722223333')).JwtToken;
    const response = await request(gateway.url)
      .post(API_PATHS.redBlackList)
      .set('authorization', `Bearer ${token}`)
      .send({ listType: 'red', pageSize: 3 })
      .expect(200);
    expect(response.headers['x-cache']).toBe('BYPASS');
    const page = response.body.data as RedBlackPage;
    expect(page.list.length).toBeLessThanOrEqual(3);
    expect(page.list.every((entry) => entry.ListType === 'red')).toBe(true);
    expect(page.totalCount).toBeGreaterThan(0);
  });

  it('pages published promises (cached) and answers 404 for one that is not public', async () => {
    const first = await get(API_PATHS.promiseList, { pageSize: 2 }).expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    expect((await get(API_PATHS.promiseList, { pageSize: 2 }).expect(200)).headers['x-cache']).toBe('HIT');
    const page = first.body.data as PromisePage;
    expect(page.list).toHaveLength(2);
    const detail = await get(API_PATHS.promiseDetail, { id: page.list[0]!.ID }).expect(200);
    expect(detail.body.data).toEqual(page.list[0]);
    const missing = await get(API_PATHS.promiseDetail, { id: '99999999' }).expect(404);
    expect(missing.body).toEqual({ ok: false, code: 404, message: '未找到该记录', data: null });
  });

  it('pages and searches kept promises (cached), gives a check with its promise, 404 for an unknown one', async () => {
    const first = await get(API_PATHS.promiseFulfilmentList, { pageSize: 3 }).expect(200);
    expect(Object.keys(first.body).sort()).toEqual(ENVELOPE_KEYS);
    expect(first.headers['x-cache']).toBe('MISS');
    const hit = await get(API_PATHS.promiseFulfilmentList, { pageSize: 3 }).expect(200);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.body).toEqual(first.body);
    const page = first.body.data as PromiseFulfilmentPage;
    expect(page.list).toHaveLength(3);
    expect(page.totalCount).toBeGreaterThan(page.list.length);
    const second = (await get(API_PATHS.promiseFulfilmentList, { pageSize: 1, pageIndex: 2 }).expect(200)).body
      .data as PromiseFulfilmentPage;
    expect(second.list).toEqual([page.list[1]]);
    const found = (
      await get(API_PATHS.promiseFulfilmentList, { keyword: page.list[0]!.CreditCode.toLowerCase() }).expect(200)
    ).body.data as PromiseFulfilmentPage;
    expect(found.list.map((row) => row.id)).toContain(page.list[0]!.id);
    const literal = await get(API_PATHS.promiseFulfilmentList, { keyword: "%' OR 1=1 --" }).expect(200);
    expect(literal.body.data).toEqual({ list: [], totalCount: 0 });
    const refused = await get(API_PATHS.promiseFulfilmentList, { pageIndex: 'abc' }).expect(400);
    expect(refused.body.ok).toBe(false);

    const detail = await get(API_PATHS.promiseFulfilmentDetail, { id: page.list[0]!.id }).expect(200);
    expect(detail.body.data as PromiseFulfilmentDetail).toMatchObject({
      ...page.list[0],
      SourceUnit: page.list[0]!.Checker,
      UpdateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect((await get(API_PATHS.promiseFulfilmentDetail, { id: page.list[0]!.id })).headers['x-cache']).toBe('HIT');
    const missing = await get(API_PATHS.promiseFulfilmentDetail, { id: '99999999' }).expect(404);
    expect(missing.body).toEqual({ ok: false, code: 404, message: '未找到该记录', data: null });
  });

  it("refuses filing a promise or reading one's own without a token: 401 not_logged_in, never cached", async () => {
    const filed = await request(gateway.url)
      .post(API_PATHS.myPromises)
      .send({
        CreditCode: '91350200MA2YJ1XR9G',
        PromiseType: '主动型',
        Content: '本单位承诺依法诚信经营。',
        Promiser: '张三',
        ContactMobile: '13800000000',
      })
      .expect(401);
    const mine = await request(gateway.url).get(API_PATHS.myPromises).expect(401);
    for (const response of [filed, mine]) {
      expect(response.body).toEqual({
        ok: false,
        code: ERROR_CODES.notLoggedIn,
        message: MESSAGES.notRealNameLoggedIn,
        data: null,
      });
      expect(response.headers['x-cache']).toBe('BYPASS');
    }
  });

  it("files a voluntary promise for the account's own entity and lists it among the user's own, under review", async () => {
    // The demo account acts for some entities (信用服务's links); a promise is for one of them.
    const login = await request(gateway.url)
      .post(API_PATHS.login)
      .send({ Mobile: '13900000000', Password: 'Yunzhou2026' })
      .expect(200);
    const token = (login.body.data as { JwtToken: string }).JwtToken;
    const own = await request(gateway.url)
      .get(API_PATHS.myBusinessList)
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    const code = (own.body.data as MyBusiness[])[0]!.CreditCode;
    const promise = {
      CreditCode: code.toLowerCase(),
      PromiseType: '主动型',
      Content: '本单位自愿承诺依法诚信经营，接受社会监督。',
      Promiser: '张三',
      ContactMobile: '13800000000',
    };
    const bad = await request(gateway.url)
      .post(API_PATHS.myPromises)
      .set('authorization', `Bearer ${token}`)
      .send({ ...promise, Content: '太短' })
      .expect(400);
    expect(bad.body.message).toMatch(/承诺内容/);
    const filed = await request(gateway.url)
      .post(API_PATHS.myPromises)
      .set('authorization', `Bearer ${token}`)
      .send(promise)
      .expect(200);
    expect((filed.body.data as CreditPromise).Status).toBe('待审核');
    const mine = await request(gateway.url)
      .get(API_PATHS.myPromises)
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(mine.headers['x-cache']).toBe('BYPASS');
    expect((mine.body.data as CreditPromise[]).map((p) => p.ID)).toContain((filed.body.data as CreditPromise).ID);

    // Another account may not promise for it: 403 with the service's Chinese message.
    const stranger = await registerThroughGateway(gateway.url, upstream.dataDir, '13722224444');
    const refused = await request(gateway.url)
      .post(API_PATHS.myPromises)
      .set('authorization', `Bearer ${stranger.JwtToken}`)
      .send(promise)
      .expect(403);
    expect(refused.body).toEqual({ ok: false, code: 403, message: ACCOUNT_MESSAGES.promiseNotMine, data: null });
  });
});
