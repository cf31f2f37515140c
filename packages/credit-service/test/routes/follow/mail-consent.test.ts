import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  FOLLOW_MESSAGES,
  PRIVACY_RULES_VERSION,
  type FollowList,
  type FollowWithdrawResult,
} from '@credit-portal/shared';
import { OUTBOX_DIR } from '../../../src/app.js';
import { createFollowJob } from '../../../src/follow/job.js';
import { signWithdrawLink } from '../../../src/follow/withdraw-link.js';
import { createConsentRepository } from '../../../src/repositories/consents.js';
import { createFollowRepository } from '../../../src/repositories/follow.js';
import { createRepairableRepository } from '../../../src/repositories/repairable-notices.js';
import { createMailer } from '../../../src/mail/mailer.js';
import { publishDemoPenalty } from '../../../src/demo/seed/publish.js';
import { DEMO_ACCOUNT, DEMO_ACCOUNT_B } from '../../../src/demo/seed/index.js';
import { localToday } from '../../../src/lib/dates.js';
import type { TestApp } from '../../helper.js';
import { follow } from '../../factories.js';
import { followTools, startFollowTest, X } from './support.js';

/*
 * The consent to 信用关注's mails: recorded with the rules' version when the digest is turned on,
 * withdrawn when it is turned off, and withdrawn in one click — in 信用关注, or by the signed link
 * of every mail: good once, then a no-op; forged or altered: the envelope's 400. A withdrawal
 * stops the mails.
 */

let t: TestApp;
let tokenA: string;
let tokenB: string;
const { call, mailText, digestsTo, confirmTokenFor, confirmEmail } = followTools(() => t);
const consents = () => createConsentRepository(t.app.db);
const userOf = (mobile: string) =>
  `user:${t.app.db.prepare('SELECT id FROM users WHERE mobile = ?').pluck().get(mobile) as number}`;
const A_MAIL = 'withdraw-a@example.com';
const B_MAIL = 'withdraw-b@example.com';

const withdrawTokenIn = (text: string): string => /#\/grzx\/xygz\/withdraw\?token=([A-Za-z0-9_.-]+)/.exec(text)![1]!;
const byLink = (token: string) =>
  call<FollowWithdrawResult>('POST', API_PATHS.followWithdrawMailByLink, { body: { token } });
const settingsOf = async (token: string) =>
  (await call<FollowList>('GET', API_PATHS.followList, { token })).body.Data!.Settings;

/** Turns the owner's digest on to a confirmed address. */
async function mailOn(token: string, address: string) {
  await call('POST', API_PATHS.followSettings, { token, body: { EmailDigest: true, Email: address } });
  await confirmEmail(await confirmTokenFor(address));
}

beforeAll(async () => {
  ({ t, tokenA, tokenB } = await startFollowTest());
});
afterAll(() => t?.close());

describe('信用关注: the consent to the mails', () => {
  it('records the consent with the version when the digest is turned on, and withdraws it when turned off', async () => {
    const subject = userOf(DEMO_ACCOUNT_B.mobile);
    await mailOn(tokenB, B_MAIL);
    expect(consents().versionInForce(subject, 'digest_mail')).toBe(PRIVACY_RULES_VERSION);
    // Saved again unchanged: no new record.
    await call('POST', API_PATHS.followSettings, { token: tokenB, body: { EmailDigest: true, Email: B_MAIL } });
    expect(consents().list([subject])).toHaveLength(1);
    await call('POST', API_PATHS.followSettings, { token: tokenB, body: { EmailDigest: false, Email: B_MAIL } });
    expect(consents().versionInForce(subject, 'digest_mail')).toBeNull();
    expect(consents().list([subject])[0]!.withdrawnAt).not.toBeNull();
  });

  it('withdraws in one click in 信用关注: the mails stop, the address is erased, for the caller only', async () => {
    await mailOn(tokenB, B_MAIL);
    await mailOn(tokenA, A_MAIL);
    const withdrawn = await call<FollowWithdrawResult>('POST', API_PATHS.followWithdrawMail, {
      token: tokenB,
      body: {},
    });
    expect(withdrawn.body).toEqual({ ErrorCode: 200, Data: { Withdrawn: true }, Msg: FOLLOW_MESSAGES.mailWithdrawn });
    expect(await settingsOf(tokenB)).toMatchObject({ EmailDigest: false, Email: '', EmailConfirmed: false });
    expect(consents().versionInForce(userOf(DEMO_ACCOUNT_B.mobile), 'digest_mail')).toBeNull();
    // A's choice and consent are untouched by B's click.
    expect(await settingsOf(tokenA)).toMatchObject({ EmailDigest: true, Email: A_MAIL, EmailConfirmed: true });
    expect(consents().versionInForce(userOf(DEMO_ACCOUNT.mobile), 'digest_mail')).toBe(PRIVACY_RULES_VERSION);
    const again = await call<FollowWithdrawResult>('POST', API_PATHS.followWithdrawMail, { token: tokenB, body: {} });
    expect(again.body).toEqual({ ErrorCode: 200, Data: { Withdrawn: false }, Msg: FOLLOW_MESSAGES.nothingToWithdraw });
    expect((await call('POST', API_PATHS.followWithdrawMail, { body: {} })).status).toBe(401);
  });

  it('puts a withdrawal link in every digest; it works once and the mails stop', async () => {
    await follow(t, tokenA, X);
    publishDemoPenalty(t.app.db, X, localToday());
    expect((await t.app.followJob.run()).mailed).toBe(1);
    const [mail] = await digestsTo(A_MAIL);
    const text = await mailText(mail!.id);
    const token = withdrawTokenIn(text);
    // The token rides after the # (no server logs it) and is not the unfollow link's.
    expect(text).toContain(`#/grzx/xygz/withdraw?token=${token}`);

    const used = await byLink(token);
    expect(used.body).toEqual({ ErrorCode: 200, Data: { Withdrawn: true }, Msg: FOLLOW_MESSAGES.mailWithdrawn });
    expect(await settingsOf(tokenA)).toMatchObject({ EmailDigest: false, Email: '' });
    const subject = userOf(DEMO_ACCOUNT.mobile);
    expect(consents().versionInForce(subject, 'digest_mail')).toBeNull();
    expect(
      consents()
        .list([subject])
        .every((record) => record.withdrawnAt !== null),
    ).toBe(true);

    const twice = await byLink(token);
    expect(twice.body).toEqual({ ErrorCode: 200, Data: { Withdrawn: false }, Msg: FOLLOW_MESSAGES.withdrawLinkUsed });

    // More news, and the next day's run: no mail goes to the withdrawn address.
    publishDemoPenalty(t.app.db, X, localToday());
    const tomorrow = new Date(Date.now() + 86_400_000);
    const repo = createFollowRepository(t.app.db);
    const nextDay = createFollowJob({
      repo,
      repairable: createRepairableRepository(t.app.db),
      consents: consents(),
      mailer: createMailer({ from: 'test <t@example.com>', outboxDir: path.join(t.dataDir, OUTBOX_DIR) }),
      linkKey: repo.linkKey(),
      portalUrl: 'http://portal.example/',
      siteName: '信用云州',
      log: t.app.log,
      now: () => tomorrow,
    });
    const run = await nextDay.run();
    expect(run.notices).toEqual({ penalties: 1 });
    expect(run.mailed).toBe(0);
    expect(await digestsTo(A_MAIL)).toHaveLength(1);

    // Turned on again: a new consent, which the old link does not name.
    await mailOn(tokenA, A_MAIL);
    expect((await byLink(token)).body.Data).toEqual({ Withdrawn: false });
    expect(await settingsOf(tokenA)).toMatchObject({ EmailDigest: true, Email: A_MAIL });
  });

  it('refuses a forged or altered link with the envelope’s 400 and withdraws nothing', async () => {
    const owner = userOf(DEMO_ACCOUNT.mobile);
    const consentId = consents().idInForce(owner, 'digest_mail')!;
    const key = createFollowRepository(t.app.db).linkKey();
    const good = signWithdrawLink(key, { owner, consentId });
    const [payload, signature] = good.split('.') as [string, string];
    const forged = [
      signWithdrawLink('another-key-of-at-least-32-characters!!', { owner, consentId }),
      `${Buffer.from(JSON.stringify([userOf(DEMO_ACCOUNT_B.mobile), consentId])).toString('base64url')}.${signature}`,
      `${payload}.${signature.slice(0, -2)}AA`,
      'not-a-token',
    ];
    for (const token of forged) {
      const answer = await byLink(token);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ ErrorCode: 400, Data: null, Msg: FOLLOW_MESSAGES.withdrawLinkInvalid });
    }
    const malformed = await byLink('bad token with spaces');
    expect(malformed.status).toBe(400);
    expect(malformed.body.ErrorCode).toBe(400);
    expect(consents().idInForce(owner, 'digest_mail')).toBe(consentId);
    expect(await settingsOf(tokenA)).toMatchObject({ EmailDigest: true, Email: A_MAIL });
  });

  it('withdraws by the link of an address saved before consents were recorded (no consent on record)', async () => {
    const owner = userOf(DEMO_ACCOUNT.mobile);
    // An address saved before the records existed: mails go, no consent row names it.
    t.app.db.prepare('DELETE FROM consents WHERE subject = ?').run(owner);
    const key = createFollowRepository(t.app.db).linkKey();
    const token = signWithdrawLink(key, { owner, consentId: 0 });
    expect((await byLink(token)).body.Data).toEqual({ Withdrawn: true });
    expect(await settingsOf(tokenA)).toMatchObject({ EmailDigest: false, Email: '' });
    expect((await byLink(token)).body.Data).toEqual({ Withdrawn: false });
  });
});
