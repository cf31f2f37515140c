import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, FOLLOW_MESSAGES, type FollowList } from '@credit-portal/shared';
import { createFollowRepository } from '../../../src/repositories/follow.js';
import { publishDemoPenalty } from '../../../src/demo/seed/publish.js';
import { DEMO_ACCOUNT, DEMO_ACCOUNT_B } from '../../../src/demo/seed/index.js';
import { localToday } from '../../../src/lib/dates.js';
import { buildTestApp, injectJson, type TestApp } from '../../helper.js';
import { CONFIRM_SUBJECT, followTools, startFollowTest, MAIL, Y, type Answer } from './support.js';

/*
 * 信用关注's digest address: a typed address gets a confirmation mail only, and digests once its
 * owner took the link; the link is good once, and not once expired, replaced or its address changed.
 */

let t: TestApp;
let tokenB: string;
const { call, db, outbox, mailText, digestsTo, confirmTokenFor, confirmEmail } = followTools(() => t);

beforeAll(async () => {
  ({ t, tokenB } = await startFollowTest());
});
afterAll(() => t?.close());

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
      Data: { EmailDigest: true, Email: STRANGER, EmailConfirmed: false, RepairableNotice: false },
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
    expect(await settingsB()).toEqual({
      EmailDigest: true,
      Email: STRANGER,
      EmailConfirmed: false,
      RepairableNotice: false,
    });

    const confirmed = await confirmEmail(await confirmTokenFor(STRANGER));
    expect(confirmed.body).toEqual({
      ErrorCode: 200,
      Data: { Email: 's***@example.net' },
      Msg: FOLLOW_MESSAGES.emailConfirmed,
    });
    expect(await settingsB()).toEqual({
      EmailDigest: true,
      Email: STRANGER,
      EmailConfirmed: true,
      RepairableNotice: false,
    });

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
      RepairableNotice: false,
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
    expect(await settingsB()).toEqual({
      EmailDigest: true,
      Email: THIRD,
      EmailConfirmed: false,
      RepairableNotice: false,
    });

    const good = await confirmTokenFor(THIRD);
    expect((await confirmEmail(good)).body.Data).toEqual({ Email: 't***@example.net' });
    expect((await confirmEmail(good)).body.Msg).toBe(FOLLOW_MESSAGES.confirmLinkInvalid);

    // Off and on again with the same address: still confirmed, no new mail.
    const mails = (await outbox()).length;
    expect((await saveB({ EmailDigest: false, Email: THIRD })).body.Data).toEqual({
      EmailDigest: false,
      Email: THIRD,
      EmailConfirmed: true,
      RepairableNotice: false,
    });
    const on = await saveB({ EmailDigest: true, Email: THIRD });
    expect(on.body).toEqual({
      ErrorCode: 200,
      Data: { EmailDigest: true, Email: THIRD, EmailConfirmed: true, RepairableNotice: false },
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
          Data: { EmailDigest: true, Email: MAIL, EmailConfirmed: false, RepairableNotice: false },
          Msg: FOLLOW_MESSAGES.confirmMailFailed,
        });
      }
    } finally {
      await down.close();
    }
  });
});
