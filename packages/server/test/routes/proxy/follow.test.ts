import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, ERROR_MESSAGES, FOLLOW_MESSAGES, type FollowList } from '@credit-portal/shared';
import { buildApp as buildCreditService } from '@credit-portal/credit-service';
import {
  ENVELOPE_KEYS,
  LogCapture,
  startGateway,
  testConfig,
  type RunningGateway,
  upstreamEnv,
} from '../../support/gateway.js';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy.js';

/*
 * 信用关注 through the gateway: the personal calls in the normalized envelope, never
 * cached, not_logged_in without a login and bad input refused before the upstream; user B cannot
 * read or end user A's follows; the signed unfollow link refused when forged (400 in the
 * envelope) and never written to the gateway's log.
 */

describe('信用关注 through the gateway', () => {
  let dataDir: string;
  let upstream: FastifyInstance;
  let proxy: FaultProxy;
  let gateway: RunningGateway;
  const log = new LogCapture();
  let tokenA: string;
  let tokenB: string;

  const upstreamCount = async (path: string): Promise<number> => proxy.count(path);
  const login = async (mobile: string) =>
    (await request(gateway.url).post(API_PATHS.login).send({ Mobile: mobile, Password: 'Yunzhou2026' }).expect(200))
      .body.data.JwtToken as string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gateway-test-follow-'));
    upstream = await buildCreditService({ dataDir, seed: 7, seedEntities: 1500, demo: true });
    // Reached through a proxy that counts the calls that get past the gateway.
    proxy = await startFaultProxy(await upstream.listen({ port: 0, host: '127.0.0.1' }));
    gateway = await startGateway(testConfig({ ...upstreamEnv(proxy.url), LOG_LEVEL: 'info' }), log);
    tokenA = await login('13900000000');
    tokenB = await login('13900000001');
  });
  afterAll(async () => {
    await gateway?.close();
    await proxy?.close();
    await upstream?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses every personal call without a login with not_logged_in', async () => {
    const calls = [
      request(gateway.url).get(API_PATHS.followList),
      request(gateway.url).get(API_PATHS.followState).query({ entityId: '5' }),
      request(gateway.url).post(API_PATHS.follow).send({ entityId: '5' }),
      request(gateway.url).post(API_PATHS.unfollow).send({ entityId: '5' }),
      request(gateway.url).get(API_PATHS.followNotices),
      request(gateway.url).post(API_PATHS.followNoticesRead).send({ all: true }),
      request(gateway.url).post(API_PATHS.followSettings).send({ EmailDigest: false }),
    ];
    for (const call of calls) {
      const answer = await call.expect(401);
      expect(Object.keys(answer.body).sort()).toEqual(ENVELOPE_KEYS);
      expect(answer.body).toMatchObject({ ok: false, code: 'not_logged_in', message: ERROR_MESSAGES.not_logged_in });
    }
  });

  it('refuses bad input with 400 in the envelope before any upstream call', async () => {
    const before = await upstreamCount(API_PATHS.follow);
    const bad = await request(gateway.url)
      .post(API_PATHS.follow)
      .set('authorization', `Bearer ${tokenA}`)
      .send({ entityId: '1 OR 1=1' })
      .expect(400);
    expect(Object.keys(bad.body).sort()).toEqual(ENVELOPE_KEYS);
    expect(bad.body.ok).toBe(false);
    const page = await request(gateway.url)
      .get(API_PATHS.followNotices)
      .query({ pageSize: '1000' })
      .set('authorization', `Bearer ${tokenA}`)
      .expect(400);
    expect(page.body.ok).toBe(false);
    expect(await upstreamCount(API_PATHS.follow)).toBe(before);
  });

  it('follows for the caller only, never cached; user B can neither read nor end A’s follows', async () => {
    const followed = await request(gateway.url)
      .post(API_PATHS.follow)
      .set('authorization', `Bearer ${tokenA}`)
      .send({ entityId: '21' })
      .expect(200);
    expect(followed.body).toMatchObject({ ok: true, message: FOLLOW_MESSAGES.followed, data: { Following: true } });
    expect(followed.headers['x-cache']).toBe('BYPASS');

    const listA = () => request(gateway.url).get(API_PATHS.followList).set('authorization', `Bearer ${tokenA}`);
    const first = await listA().expect(200);
    expect(first.headers['x-cache']).toBe('BYPASS');
    expect(first.headers['cache-control']).toBe('no-store');
    expect((first.body.data as FollowList).list.map((row) => row.EntityId)).toEqual(['21']);

    const listB = await request(gateway.url).get(API_PATHS.followList).set('authorization', `Bearer ${tokenB}`);
    expect((listB.body.data as FollowList).list).toEqual([]);
    await request(gateway.url)
      .post(API_PATHS.unfollow)
      .set('authorization', `Bearer ${tokenB}`)
      .send({ entityId: '21' })
      .expect(200);
    expect(((await listA().expect(200)).body.data as FollowList).list).toHaveLength(1);

    await request(gateway.url)
      .post(API_PATHS.unfollow)
      .set('authorization', `Bearer ${tokenA}`)
      .send({ entityId: '21' })
      .expect(200);
    expect(((await listA().expect(200)).body.data as FollowList).list).toEqual([]);
  });

  it('refuses a forged unfollow link in the envelope and never logs the token', async () => {
    const forged = 'WzEsInVzZXI6MSIsMjFd.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const answer = await request(gateway.url).post(API_PATHS.followUnfollowByLink).send({ token: forged }).expect(400);
    expect(Object.keys(answer.body).sort()).toEqual(ENVELOPE_KEYS);
    expect(answer.body).toMatchObject({ ok: false, message: FOLLOW_MESSAGES.linkInvalid });
    expect(answer.headers['x-cache']).toBe('BYPASS');
    // One the gateway's own schema refuses (a character no token has): refused before the upstream, not logged either.
    const malformed = `${forged.slice(0, 30)}$secret-part`;
    const refused = await request(gateway.url)
      .post(API_PATHS.followUnfollowByLink)
      .send({ token: malformed })
      .expect(400);
    expect(refused.body.ok).toBe(false);
    expect(log.text).toContain(API_PATHS.followUnfollowByLink);
    expect(log.text).not.toContain(forged.slice(0, 20));
    expect(log.text).not.toContain('secret-part');
  });

  it('refuses a guessed confirmation link in the envelope, saving the mail choice asks for a login, and neither token is logged', async () => {
    const guessed = 'Z3Vlc3NlZC1jb25maXJtYXRpb24tdG9rZW4tMDEyMzQ';
    expect(guessed).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const answer = await request(gateway.url).post(API_PATHS.followConfirmEmail).send({ token: guessed }).expect(400);
    expect(Object.keys(answer.body).sort()).toEqual(ENVELOPE_KEYS);
    expect(answer.body).toMatchObject({ ok: false, message: FOLLOW_MESSAGES.confirmLinkInvalid });
    expect(answer.headers['x-cache']).toBe('BYPASS');
    const before = await upstreamCount(API_PATHS.followConfirmEmail);
    const malformed = await request(gateway.url)
      .post(API_PATHS.followConfirmEmail)
      .send({ token: `${guessed}$secret-part` })
      .expect(400);
    expect(malformed.body.ok).toBe(false);
    expect(await upstreamCount(API_PATHS.followConfirmEmail)).toBe(before);
    expect(log.text).toContain(API_PATHS.followConfirmEmail);
    expect(log.text).not.toContain(guessed.slice(0, 20));
    expect(log.text).not.toContain('secret-part');
  });
});
