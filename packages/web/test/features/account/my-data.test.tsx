import { screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_MESSAGES, CONTRACTS, MY_DATA_MESSAGES, STORAGE_KEYS, type MyData } from '@credit-portal/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeLogin } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { failure, fakeGateway } from '../../fake-gateway';
import { bearerOf, loginResult } from '../../fixtures';
import { findMain, preloadPages, renderAppAt, setupUser } from '../../render-app';

/*
 * 我的数据 and 注销账号 with the API client stubbed at its edge (test/fake-gateway.ts): the copy
 * on screen with the number masked, the JSON download with it whole, ending another login, the
 * error state; the closing form's two steps and the service's refusal. What the service decides:
 * packages/credit-service/test/routes/my-data/; the walk in Chromium: e2e/my-data.e2e.ts.
 */

const MOBILE = '13912345678';

function copy(over: Partial<MyData> = {}): MyData {
  return {
    GeneratedAt: '2026-12-06T02:00:00.000Z',
    Profile: { Mobile: MOBILE, RegisteredAt: '2026-11-01 09:00:00' },
    Wechat: { Nickname: '海风' },
    Sessions: [
      {
        Id: 'here',
        LoginType: 'User',
        ViaLink: false,
        Current: true,
        CreatedAt: '2026-12-06T01:00:00.000Z',
        LastSeenAt: '2026-12-06T01:50:00.000Z',
        ExpiresAt: '2026-12-06T03:00:00.000Z',
      },
      {
        Id: 'there',
        LoginType: 'Wechat',
        ViaLink: false,
        Current: false,
        CreatedAt: '2026-12-05T01:00:00.000Z',
        LastSeenAt: '2026-12-05T01:10:00.000Z',
        ExpiresAt: '2026-12-05T03:00:00.000Z',
      },
    ],
    Filings: [
      {
        ApplyNo: 'XF202612010001',
        Kind: 'repair',
        EntName: '云州测试有限公司',
        Status: '已提交',
        ContactName: '张三',
        ContactPhone: '13812345678',
        Description: '已整改',
        SubmittedAt: '2026-12-01 10:00:00',
        UpdatedAt: '2026-12-01 10:00:00',
        Materials: ['整改报告.pdf'],
        PromiseSigner: '张三',
      },
    ],
    Promises: [],
    Entities: [],
    Follows: [{ EntName: '云州测试有限公司', CreditCode: '91350202MA0000001X', FollowedAt: '2026-12-01 10:00:00' }],
    MailSettings: {
      Email: 'me@example.cn',
      EmailConfirmed: true,
      EmailDigest: true,
      RepairableNotice: false,
      UpdatedAt: '2026-12-01 10:00:00',
    },
    Reports: [],
    Consents: [{ purpose: 'registration', version: '2026.12', grantedAt: '2026-11-01 09:00:00', withdrawnAt: null }],
    Audit: {
      Records: [
        {
          Time: '2026-12-06T01:00:00.000Z',
          Event: 'account.login',
          Result: 'success',
          Reason: null,
          Actor: 'self',
          Object: '',
        },
      ],
      Since: '2026-06-05',
      Truncated: false,
    },
    ...over,
  };
}

/** A blob's text, as jsdom reads it. */
const textOf = (blob: Blob): Promise<string> =>
  new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

beforeAll(() => preloadPages(paths.myData, paths.closeAccount));
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('我的数据', () => {
  it('shows the copy with the number masked, downloads it whole as JSON, and ends another login', async () => {
    const user = setupUser();
    let sessions = copy().Sessions;
    const gateway = fakeGateway()
      .on(CONTRACTS.myData, () => copy({ Sessions: sessions }))
      .on(CONTRACTS.sessionEnd, (request) => {
        sessions = sessions.filter((s) => s.Id !== (request.body as { Id: string }).Id);
        return { Ended: true };
      });
    const saved: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:x'),
        revokeObjectURL: () => undefined,
      }),
    );
    storeLogin(loginResult(MOBILE));
    renderAppAt(`#${paths.myData}`);
    const main = await findMain();
    expect(await main.findByText('139****5678')).toBeInTheDocument();
    expect(main.queryByText(MOBILE)).not.toBeInTheDocument();
    expect(main.getByText('整改报告.pdf')).toBeInTheDocument();
    expect(main.getByText('me@example.cn', { exact: false })).toBeInTheDocument();
    expect(main.getByText('当前登录')).toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.myData.path)[0]!.headers.get('authorization')).toBe(bearerOf(MOBILE));

    await user.click(main.getByRole('button', { name: '下载 JSON' }));
    expect(saved).toHaveLength(1);
    const json = JSON.parse(await textOf(saved[0]!)) as MyData;
    expect(json.Profile.Mobile).toBe(MOBILE);

    const logins = main.getByRole('region', { name: '登录' });
    await user.click(within(logins).getByRole('button', { name: /结\s?束/ }));
    await waitFor(() => expect(within(logins).queryByRole('button', { name: /结\s?束/ })).not.toBeInTheDocument());
    expect(gateway.calls(CONTRACTS.sessionEnd.path)[0]!.body).toEqual({ Id: 'there' });
    expect(main.getByRole('link', { name: '注销账号' })).toHaveAttribute('href', `#${paths.closeAccount}`);
  });

  it('says what went wrong and retries', async () => {
    const user = setupUser();
    let fail = true;
    fakeGateway().on(CONTRACTS.myData, () => (fail ? failure(503, 503, '服务暂时不可用，请稍后再试') : copy()));
    storeLogin(loginResult(MOBILE));
    renderAppAt(`#${paths.myData}`);
    const main = await findMain();
    expect(await main.findByText('服务暂时不可用，请稍后再试')).toBeInTheDocument();
    fail = false;
    await user.click(main.getByRole('button', { name: /重\s?试/ }));
    expect(await main.findByText('139****5678')).toBeInTheDocument();
  });
});

describe('注销账号', () => {
  it('sends the code, shows the service’s refusal, then closes and forgets the login', async () => {
    const user = setupUser();
    let answer: 'wrong' | 'ok' = 'wrong';
    const gateway = fakeGateway()
      .on(CONTRACTS.closeAccountCode, () => ({ ExpiresIn: 300, ResendIn: 60 }))
      .on(CONTRACTS.closeAccount, () =>
        answer === 'wrong' ? failure(400, 400, MY_DATA_MESSAGES.closeWrongPassword) : { SessionsEnded: 2 },
      );
    storeLogin(loginResult(MOBILE));
    renderAppAt(`#${paths.closeAccount}`);
    const main = await findMain();
    await user.click(await main.findByRole('button', { name: '注销账号' }));
    expect(await main.findByText(ACCOUNT_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(main.getByText(MY_DATA_MESSAGES.closeConfirmRequired)).toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.closeAccount.path)).toHaveLength(0);

    await user.click(main.getByRole('button', { name: '获取验证码' }));
    expect(await main.findByText(MY_DATA_MESSAGES.codeSent)).toBeInTheDocument();
    expect(main.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
    await user.type(main.getByLabelText('登录密码'), 'Wrong-pass-1');
    await user.type(main.getByLabelText('短信验证码'), '123456');
    await user.click(main.getByRole('checkbox'));
    await user.click(main.getByRole('button', { name: '注销账号' }));
    expect(await main.findByText(MY_DATA_MESSAGES.closeWrongPassword)).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.jwtToken)).not.toBeNull();

    answer = 'ok';
    await user.click(main.getByRole('button', { name: '注销账号' }));
    expect(await screen.findByText('账号已注销')).toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.closeAccount.path).at(-1)!.body).toEqual({
      Password: 'Wrong-pass-1',
      Code: '123456',
      Confirm: true,
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.jwtToken)).toBeNull();
  });
});
