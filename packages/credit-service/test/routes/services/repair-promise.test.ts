import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  REPAIR_PROMISE,
  repairPromiseText,
  SERVICE_MESSAGES,
  type Application,
  type ApplicationPage,
} from '@credit-portal/shared';
import { REVIEW_PAGE_PATH } from '../../../src/review/review-page.js';
import { account, entity, linkEntity, penalty } from '../../factories.js';
import type { TestApp } from '../../helper.js';
import { addReviewer, totpCode } from '../../review/reviewer-helper.js';
import { PNG } from './helper.js';
import { servicesTools, startServicesTest } from './support.js';

/*
 * The 信用修复承诺书 of a repair filing: a filing without it — missing, unticked, unsigned, or
 * signed against an older text — is refused with its Chinese message in the envelope and leaves
 * nothing behind; a signed one is stored with the application (version, the text's SHA-256, the
 * signer, the time) and shown to its owner (the flow, 我的办件) and on the reviewer page.
 */

let t: TestApp;
const { call, upload } = servicesTools(() => t);

beforeAll(async () => {
  ({ t } = await startServicesTest());
});
afterAll(() => t?.close());

/** An account with an entity of its own and a penalty of it that can be repaired now. */
async function filer() {
  const { mobile, token } = await account(t);
  const id = t.app.db.prepare('SELECT id FROM users WHERE mobile = ?').pluck().get(mobile) as number;
  const made = entity(t.app.db);
  linkEntity(t, `user:${id}`, made);
  return { token, penalty: penalty(t.app.db, made) };
}

const fields = (punishId: number, promise: Record<string, string>) => ({
  punishId: String(punishId),
  purposeId: '1',
  contactName: '张三',
  contactPhone: '13812345678',
  description: '已缴清罚款并完成整改，申请信用修复。',
  ...promise,
});

const SIGNED = { promiseSigner: '张三', promiseAccepted: 'true', promiseVersion: REPAIR_PROMISE.version };
const fileRepair = (token: string, punishId: number, promise: Record<string, string>) =>
  upload<Application>(API_PATHS.repairUpload, token, fields(punishId, promise), [
    { name: '缴款凭证.png', content: PNG },
  ]);

describe('信用修复承诺书', () => {
  it('refuses a repair filed without the signed promise, in Chinese, and files nothing', async () => {
    const { token, penalty: p } = await filer();
    const without: Array<[Record<string, string>, string]> = [
      [{}, SERVICE_MESSAGES.promiseRequired],
      [{ ...SIGNED, promiseAccepted: 'false' }, SERVICE_MESSAGES.promiseRequired],
      [{ promiseSigner: '张三', promiseVersion: REPAIR_PROMISE.version }, SERVICE_MESSAGES.promiseRequired],
      [{ ...SIGNED, promiseSigner: '   ' }, SERVICE_MESSAGES.promiseRequired],
      [{ ...SIGNED, promiseVersion: '2000.1' }, SERVICE_MESSAGES.promiseOutdated],
    ];
    for (const [promise, message] of without) {
      const { status, body } = await fileRepair(token, p.id, promise);
      expect(status, JSON.stringify(promise)).toBe(400);
      expect(body).toEqual({ ErrorCode: 400, Data: null, Msg: message });
    }
    const mine = await call<ApplicationPage>('GET', API_PATHS.myApplications, { token });
    expect(mine.body.Data!.totalCount).toBe(0);
  });

  it('stores the signed promise with the application and shows it to its owner and the reviewer', async () => {
    const { token, penalty: p } = await filer();
    const { status, body } = await fileRepair(token, p.id, { ...SIGNED, promiseSigner: ' 张三 ' });
    expect(status).toBe(200);
    const filed = body.Data!;
    const sha256 = createHash('sha256').update(repairPromiseText(), 'utf8').digest('hex');
    expect(filed.Promise).toEqual({
      Version: REPAIR_PROMISE.version,
      TextSha256: sha256,
      Signer: '张三',
      SignedAt: filed.SubmittedAt,
    });

    // The owner's flow and 我的办件.
    const flow = await call<Application>('GET', API_PATHS.repairFlow, { token, query: { applyNo: filed.ApplyNo } });
    expect(flow.body.Data!.Promise).toEqual(filed.Promise);
    const mine = await call<ApplicationPage>('GET', API_PATHS.myApplications, { token });
    expect(mine.body.Data!.list[0]!.Promise).toEqual(filed.Promise);

    // Stored as signed, beside the application.
    const row = t.app.db
      .prepare(
        `SELECT p.version, p.text_sha256, p.signer_name, p.signed_at FROM application_promises p
         JOIN service_applications a ON a.id = p.application_id WHERE a.apply_no = ?`,
      )
      .get(filed.ApplyNo);
    expect(row).toEqual({
      version: REPAIR_PROMISE.version,
      text_sha256: sha256,
      signer_name: '张三',
      signed_at: filed.SubmittedAt,
    });

    // The reviewer page names the signer, the time and the version.
    const reviewer = addReviewer(t.app.db, 'promise.reviewer', '承诺书审核员');
    const signedIn = await t.app.inject({
      method: 'POST',
      url: REVIEW_PAGE_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        op: 'login',
        login: reviewer.login,
        password: reviewer.password,
        code: totpCode(reviewer.secret),
      }).toString(),
    });
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    const page = await t.app.inject({ method: 'GET', url: REVIEW_PAGE_PATH, headers: { cookie } });
    expect(page.body).toContain(
      `信用修复承诺书：张三 签署于 ${filed.SubmittedAt}（版本 ${REPAIR_PROMISE.version}，SHA-256 ${sha256.slice(0, 12)}…）`,
    );
  });

  it('asks an objection for no promise', async () => {
    const { token, penalty: p } = await filer();
    const { status, body } = await upload<Application>(
      API_PATHS.objectionUpload,
      token,
      {
        punishId: String(p.id),
        objectionType: '信息内容有误',
        contactName: '张三',
        contactPhone: '13812345678',
        description: '处罚决定书文号有误，应为另一文号。',
      },
      [{ name: '说明.png', content: PNG }],
    );
    expect(status).toBe(200);
    expect(body.Data!.Promise).toBeNull();
  });
});
