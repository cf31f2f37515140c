import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, FOLLOW_LIMIT, FOLLOW_MESSAGES, type FollowList, type FollowState } from '@credit-portal/shared';
import type { TestApp } from '../../helper.js';
import { followTools, startFollowTest, X, Y } from './support.js';

/*
 * 信用关注 on the credit-service, who asks: the caller's own follows within the limit, refusals
 * in the errorCode dialect (no login, bad input, unknown entity, over the limit), user B kept
 * away from user A's follows.
 */

let t: TestApp;
let tokenA: string;
let tokenB: string;
const { call } = followTools(() => t);

beforeAll(async () => {
  ({ t, tokenA, tokenB } = await startFollowTest());
});
afterAll(() => t?.close());

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
