import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API_PATHS,
  GATEWAY_PATHS,
  H5,
  H5_CERT_TOKEN_PARAM,
  H5_CODE_PARAM,
  H5_MESSAGES,
  MESSAGES,
  maskIdNumber,
  maskName,
  type H5EntityRecord,
  type RuntimeConfig,
} from '@credit-portal/shared';
import { CONTROL_PATHS, FACE_VERIFY_PATH } from '@credit-portal/credit-service';
import { DEMO_PERSON } from '@credit-portal/credit-service/seed';
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { App } from '@/app/app';
import H5LoginPage from '@/features/h5/components/h5-login-page';
import { PersonCard } from '@/features/h5/components/person-card';
import { leaveApp } from '@/features/h5/h5-navigation';
import { request } from '@/lib/api-client';
import { startInProcessProduct, type InProcessProduct } from './in-process-product';
import { TEST_RUNTIME_CONFIG, TestProviders } from './test-providers';

/*
 * The H5 app (issue 12) against the real credit-service and gateway in-process, test mode on:
 * the login and its face-verification round trip (bound to this browser, issue 22), the tab's
 * login kept on a reload and ended by 退出登录, the home page's load rules, the masked card,
 * the entities and the entity report by e-mail, and the report page with its PDF by e-mail.
 * Leaving the SPA (face verification, report page) is watched, not followed: jsdom cannot.
 */

vi.mock('@/features/h5/h5-navigation', () => ({ leaveApp: vi.fn() }));

const SLOW = { timeout: 30_000 };
/** A test of several round trips: generous on a loaded machine (no timing is asserted). */
const LONG = { timeout: 180_000 };

let product: InProcessProduct;
let config: RuntimeConfig;

interface Person {
  id: number;
  name: string;
  idNumber: string;
}

function renderAppAt(hash: string) {
  window.history.replaceState(null, '', `/${hash}`);
  return render(<App />);
}

const db = () => product.creditService.db;

const personOf = (where: string, ...args: unknown[]): Person =>
  db()
    .prepare(`SELECT id, name, id_number AS idNumber FROM h5_persons WHERE ${where} ORDER BY id LIMIT 1`)
    .get(...args) as Person;

const demo = (): Person => personOf('id_number = ?', DEMO_PERSON.idNumber);

function entitiesOf(person: Person): H5EntityRecord[] {
  return db()
    .prepare(
      `SELECT e.name AS EntName, e.status AS EntStatus, e.credit_code AS SCCode, pe.position AS Position
       FROM h5_person_entities pe JOIN entities e ON e.id = pe.entity_id WHERE pe.person_id = ?`,
    )
    .all(person.id) as H5EntityRecord[];
}

/** The home page by test query parameters (test mode), as the second test login button opens it. */
const byParameters = (path: string, person: Person) =>
  `#${path}?name=${encodeURIComponent(person.name)}&idCard=${encodeURIComponent(person.idNumber)}`;

/*
 * A dialog by its title. antd gives every dialog the same aria-labelledby id under NODE_ENV test,
 * so two open dialogs cannot be told apart by their accessible names here.
 */
const queryDialog = (title: string): HTMLElement | null =>
  screen.queryAllByRole('dialog').find((dialog) => dialog.querySelector('.ant-modal-title')?.textContent === title) ??
  null;

const findDialog = (title: string): Promise<HTMLElement> =>
  waitFor(() => {
    const dialog = queryDialog(title);
    if (!dialog) throw new Error(`no dialog titled ${title}`);
    return dialog;
  });

const ICON_KINDS: Record<string, string> = {
  'close-circle': 'error',
  'exclamation-circle': 'warning',
  'check-circle': 'success',
};

/** Finds a message the page showed (antd message) and says its kind by its icon. */
async function findMessage(text: string | RegExp): Promise<string | undefined> {
  const shown = await screen.findByText(text, {}, SLOW);
  const notice = shown.closest('.ant-message-notice') ?? shown.parentElement;
  const icon = notice?.querySelector('.anticon')?.getAttribute('aria-label') ?? '';
  return ICON_KINDS[icon];
}

function markH5Login() {
  window.localStorage.setItem(H5.storageKeys.loginType, H5.loginTypeMarker);
}

async function requestCount(path: string): Promise<number> {
  const response = await fetch(`${product.creditServiceUrl}${CONTROL_PATHS.stats}`);
  const stats = (await response.json()) as { requests: Record<string, number> };
  return stats.requests[path] ?? 0;
}

async function setFault(pathPrefix: string, mode: 'error' | 'off') {
  const response = await fetch(`${product.creditServiceUrl}${CONTROL_PATHS.fault}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pathPrefix, mode, status: 503 }),
  });
  expect(response.ok).toBe(true);
}

async function outboxSize(): Promise<number> {
  try {
    return (await readdir(join(product.dataDir, 'outbox'))).length;
  } catch {
    return 0;
  }
}

beforeAll(async () => {
  product = await startInProcessProduct({
    seedEntities: 400,
    creditServiceConfig: { h5TestMode: true },
    env: {
      H5_TEST_MODE: 'true',
      CIRCUIT_FAILURE_THRESHOLD: '1000',
      UPSTREAM_RETRIES: '0',
      RATE_LIMIT_STRICT_MAX: '100000',
    },
  });
  config = await request<RuntimeConfig>(GATEWAY_PATHS.runtimeConfig);
});

afterAll(async () => {
  await product?.stop();
});

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  (leaveApp as Mock).mockReset();
});

describe('the H5 login', () => {
  it(
    'shows intro, services and notes, encodes the channel on mount, and hides the test login by default',
    LONG,
    async () => {
      const before = await requestCount(API_PATHS.h5Encode);
      render(
        <TestProviders config={TEST_RUNTIME_CONFIG}>
          <MemoryRouter>
            <H5LoginPage flow="entities" />
          </MemoryRouter>
        </TestProviders>,
      );
      expect(screen.getByRole('heading', { name: '服务内容' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: '登录须知' })).toBeInTheDocument();
      expect(screen.getByText(/外国人永久居留身份证/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /^登\s*录$/ })).toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: '姓名' })).not.toBeInTheDocument();
      await waitFor(async () => expect(await requestCount(API_PATHS.h5Encode)).toBe(before + 1), SLOW);
    },
  );

  it(
    'hands the person to the face verification with a bound cert token, exchanges its code once on the way back, keeps the tab logged in and logs out',
    LONG,
    async () => {
      const user = userEvent.setup();
      expect(config.h5TestMode).toBe(true);
      const { unmount } = renderAppAt('#/h5/login');
      await user.click(await screen.findByRole('button', { name: /^登\s*录$/ }, SLOW));
      await waitFor(() => expect(leaveApp).toHaveBeenCalledTimes(1), SLOW);
      const face = new URL((leaveApp as Mock).mock.calls[0]![0] as string);
      expect(`${face.origin}${face.pathname}`).toBe(config.faceVerifyUrl);
      const token = face.searchParams.get(H5_CERT_TOKEN_PARAM)!;
      expect(window.localStorage.getItem(H5.storageKeys.certToken)).toBe(token);
      // The verifier stays in this browser, beside the token; only its challenge was sent.
      const verifier = window.localStorage.getItem(H5.storageKeys.certVerifier)!;
      expect(verifier).toMatch(/^[\w-]{43}$/);
      const stored = db()
        .prepare(
          'SELECT code_challenge FROM h5_tokens WHERE code_challenge IS NOT NULL ORDER BY created_at DESC LIMIT 1',
        )
        .pluck()
        .get();
      expect(stored).toBe(createHash('sha256').update(verifier).digest('base64url'));
      expect(window.localStorage.getItem(H5.storageKeys.loginType)).toBe('H5');

      // The face verification (the credit-service's stand-in) confirms the person and sends them back with a code.
      const person = demo();
      const verified = await fetch(`${product.creditServiceUrl}${FACE_VERIFY_PATH}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          [H5_CERT_TOKEN_PARAM]: token,
          name: person.name,
          idNumber: person.idNumber,
          consent: '1',
        }),
      });
      expect(verified.status).toBe(303);
      const back = new URL(verified.headers.get('location')!);
      expect(back.hash).toMatch(new RegExp(`^#/h5/gtxy\\?${H5_CODE_PARAM}=`));
      unmount();

      const home = renderAppAt(back.hash);
      expect(await screen.findByText(maskName(person.name), {}, SLOW)).toBeInTheDocument();
      expect(screen.getByText(maskIdNumber(person.idNumber))).toBeInTheDocument();
      // The code is gone from the address; the login is this tab's; the spent cert token is forgotten.
      expect(window.location.hash).toBe('#/h5/gtxy');
      const infotoken = window.sessionStorage.getItem(H5.storageKeys.infotoken)!;
      expect(infotoken).toBeTruthy();
      expect(window.localStorage.getItem(H5.storageKeys.infotoken)).toBeNull();
      expect(window.localStorage.getItem(H5.storageKeys.certToken)).toBeNull();
      expect(window.localStorage.getItem(H5.storageKeys.certVerifier)).toBeNull();
      home.unmount();

      // A reload of the tab keeps the login (the same Infotoken, nothing new minted).
      const before = await requestCount(API_PATHS.h5CertExchange);
      renderAppAt('#/h5/gtxy');
      expect(await screen.findByText(maskName(person.name), {}, SLOW)).toBeInTheDocument();
      expect(window.sessionStorage.getItem(H5.storageKeys.infotoken)).toBe(infotoken);
      expect(await requestCount(API_PATHS.h5CertExchange)).toBe(before);

      // 退出登录 asks first, then revokes the login and opens /h5/login.
      await user.click(screen.getByRole('button', { name: /退出登录/ }));
      const confirm = await findDialog(MESSAGES.logoutTitle);
      expect(confirm).toHaveTextContent(MESSAGES.logoutConfirm);
      await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
      expect(await screen.findByRole('button', { name: /^登\s*录$/ }, SLOW)).toBeInTheDocument();
      expect(window.location.hash).toBe('#/h5/login');
      expect(window.sessionStorage.getItem(H5.storageKeys.infotoken)).toBeNull();
      expect(window.localStorage.getItem(H5.storageKeys.loginType)).toBeNull();
      const revoked = await fetch(`${product.gatewayUrl}${API_PATHS.h5Session}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Infotoken: infotoken }),
      });
      expect(revoked.status).toBe(401);
    },
  );

  it('requires both name and ID for the test logins', LONG, async () => {
    const user = userEvent.setup();
    renderAppAt('#/h5/login');
    const name = await screen.findByRole('textbox', { name: '姓名' }, SLOW);
    await user.click(screen.getByRole('button', { name: '测试登录' }));
    expect(await findMessage(H5_MESSAGES.testLoginEmpty)).toBe('warning');
    await user.type(name, DEMO_PERSON.name);
    await user.click(screen.getByRole('button', { name: '测试登录（参数）' }));
    await waitFor(() => expect(screen.getAllByText(H5_MESSAGES.testLoginEmpty).length).toBeGreaterThan(0));
    expect(window.location.hash).toBe('#/h5/login');
  });

  it(
    'logs in by the test token: the alternate channel hides 查询其他信用主体 and checks the report by the encrypted query',
    LONG,
    async () => {
      const user = userEvent.setup();
      const person = demo();
      renderAppAt('#/h5/login');
      await user.type(await screen.findByRole('textbox', { name: '姓名' }, SLOW), person.name);
      await user.type(screen.getByRole('textbox', { name: '身份证号' }), person.idNumber);
      const before = await requestCount(API_PATHS.h5PersonInfo);
      await user.click(screen.getByRole('button', { name: '测试登录' }));
      expect(await screen.findByText(maskName(person.name), {}, SLOW)).toBeInTheDocument();
      expect(window.location.hash).toBe('#/h5/gtxy');
      expect(window.localStorage.getItem(H5.storageKeys.izgtxytoken)).toBeTruthy();
      // The RSA round trip: name and ID encrypted with jsencrypt, decrypted by the credit-service.
      expect(await screen.findByRole('button', { name: /个人信用报告/ }, SLOW)).toBeInTheDocument();
      expect(await requestCount(API_PATHS.h5PersonInfo)).toBe(before + 1);
      expect(screen.queryByRole('link', { name: /查询其他信用主体/ })).not.toBeInTheDocument();
    },
  );
});

describe('the H5 home page', () => {
  it('shows the masked card, the report button and every linked entity with its status badge', LONG, async () => {
    const person = demo();
    const expected = entitiesOf(person);
    expect(expected.length).toBeGreaterThan(1);
    markH5Login();
    renderAppAt(byParameters('/h5/gtxy', person));
    const card = (await screen.findByRole('heading', { name: /个人信息/ }, SLOW)).closest('section')!;
    expect(within(card).getByText(maskName(person.name))).toBeInTheDocument();
    expect(within(card).getByText(maskIdNumber(person.idNumber))).toBeInTheDocument();
    expect(card).not.toHaveTextContent(person.name);
    expect(card).not.toHaveTextContent(person.idNumber);
    expect(await within(card).findByRole('button', { name: /个人信用报告/ }, SLOW)).toBeInTheDocument();

    const list = (await screen.findAllByRole('article', {}, SLOW)).map((article) => article.getAttribute('aria-label'));
    expect(list.sort()).toEqual(expected.map((e) => e.EntName).sort());
    for (const entity of expected) {
      const article = screen.getByRole('article', { name: entity.EntName });
      expect(article).toHaveTextContent(entity.SCCode);
      expect(article).toHaveTextContent(entity.Position);
      const badge = within(article).getByText(entity.EntStatus);
      expect(badge.className).toMatch(entity.EntStatus === '存续' ? /badgeOpen/ : /badgeRevoked/);
    }
    expect(screen.getByRole('link', { name: /查询其他信用主体/ })).toBeInTheDocument();
    expect(screen.getByText(/版权所有/)).toBeInTheDocument();

    // The service description opens and closes.
    const toggle = screen.getByRole('button', { name: '服务说明' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens the personal report page with the final token of the two encrypted steps', LONG, async () => {
    const user = userEvent.setup();
    markH5Login();
    renderAppAt(byParameters('/h5/gtxy', demo()));
    await user.click(await screen.findByRole('button', { name: /个人信用报告/ }, SLOW));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledTimes(1), SLOW);
    const address = (leaveApp as Mock).mock.calls[0]![0] as string;
    expect(address.startsWith(`${API_PATHS.h5ReportFile}?token=`)).toBe(true);
    const report = await fetch(`${product.gatewayUrl}${address}`);
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toContain('application/pdf');
  });

  it('tells a person without a report 暂无信息 with the eligibility reminder', LONG, async () => {
    const person = personOf("residence = '外地'");
    markH5Login();
    renderAppAt(byParameters('/h5/gtxy', person));
    expect(await screen.findByText(H5_MESSAGES.eligibility, {}, SLOW)).toBeInTheDocument();
    const card = screen.getByRole('heading', { name: /个人信息/ }).closest('section')!;
    expect(within(card).getByText(H5_MESSAGES.noInformation)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /个人信用报告/ })).not.toBeInTheDocument();
  });

  it('shows 暂无数据 on the card for a missing name or ID number', LONG, async () => {
    render(
      <TestProviders>
        <PersonCard user={{ Name: '', IdCard: '', Infotoken: 'unknown-token' }} h5Login />
      </TestProviders>,
    );
    const card = screen.getByRole('heading', { name: /个人信息/ }).closest('section')!;
    expect(within(card).getAllByText(MESSAGES.noData)).toHaveLength(2);
    expect(await within(card).findByText(H5_MESSAGES.noInformation, {}, SLOW)).toBeInTheDocument();
  });

  it('shows 暂无信息 for a person without linked entities', LONG, async () => {
    const person = personOf('is_demo = 0 AND id IN (SELECT person_id FROM h5_person_entities)');
    db().prepare('DELETE FROM h5_person_entities WHERE person_id = ?').run(person.id);
    renderAppAt(byParameters('/h5/gtxy', person));
    const section = (await screen.findByRole('heading', { name: '我的关联主体' }, SLOW)).closest('section')!;
    expect(await within(section).findByText(H5_MESSAGES.noInformation, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('logs a list with bad data as a data error and shows nothing of it', LONG, async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const realFetch = globalThis.fetch;
    // A broken upstream: the list inside Data.Data is not a list of entity records.
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (String(input).includes(API_PATHS.h5Entities)) {
        const body = { ok: true, code: 200, message: '', data: { Data: '[{"EntName":1}]' } };
        return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      }
      return realFetch(input, init);
    });
    renderAppAt(byParameters('/h5/gtxy', demo()));
    await waitFor(
      () => expect(errors.mock.calls.some((call) => String(call[0]).includes('数据错误'))).toBe(true),
      SLOW,
    );
    const section = screen.getByRole('heading', { name: '我的关联主体' }).closest('section')!;
    expect(section).toHaveAttribute('aria-busy', 'false');
    expect(within(section).queryByText(H5_MESSAGES.noInformation)).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it(
    'sends a person without any token to /h5/login, and one with a refused token too, with the message',
    LONG,
    async () => {
      const { unmount } = renderAppAt('#/h5/gtxy');
      expect(await screen.findByRole('button', { name: /^登\s*录$/ }, SLOW)).toBeInTheDocument();
      expect(window.location.hash).toBe('#/h5/login');
      unmount();

      window.localStorage.setItem(H5.storageKeys.certToken, 'not-a-token');
      window.localStorage.setItem(H5.storageKeys.certVerifier, 'v'.repeat(43));
      renderAppAt(`#/h5/gtxy?${H5_CODE_PARAM}=not-a-code`);
      expect(await findMessage(H5_MESSAGES.certNotVerified)).toBe('error');
      await waitFor(() => expect(window.location.hash).toBe('#/h5/login'));
    },
  );
});

describe('the entity report by e-mail', () => {
  async function openDialog() {
    const user = userEvent.setup();
    renderAppAt(byParameters('/h5/gtxy', demo()));
    const [article] = await screen.findAllByRole('article', {}, SLOW);
    await user.click(within(article!).getByRole('button', { name: '信用报告' }));
    const dialog = await screen.findByRole('dialog', { name: '发送信用报告' });
    return { user, dialog, entityName: article!.getAttribute('aria-label')! };
  }

  it(
    'warns on an empty address, confirms the address, 返回修改 goes back, and 发送 mails it with the server message',
    LONG,
    async () => {
      const { user, dialog, entityName } = await openDialog();
      expect(dialog).toHaveTextContent(entityName);
      expect(dialog).toHaveTextContent(H5_MESSAGES.entityEmailNote);
      await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
      expect(await findMessage(H5_MESSAGES.entityEmailEmpty)).toBe('warning');
      expect(queryDialog('请确认邮箱地址')).not.toBeInTheDocument();

      // No format check: whatever is typed is confirmed.
      await user.type(within(dialog).getByLabelText('邮箱地址'), 'lin@example.cn');
      await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
      let confirm = await findDialog('请确认邮箱地址');
      expect(confirm).toHaveTextContent('lin@example.cn');
      await user.click(within(confirm).getByRole('button', { name: '返回修改' }));
      await waitFor(() => expect(queryDialog('请确认邮箱地址')).not.toBeInTheDocument());

      await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
      confirm = await findDialog('请确认邮箱地址');
      const mails = await outboxSize();
      await user.click(within(confirm).getByRole('button', { name: /发\s*送/ }));
      expect(await findMessage(H5_MESSAGES.entityMailSent)).toBe('success');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await outboxSize()).toBeGreaterThan(mails);
    },
  );

  it('shows a failure as an error and keeps the dialogs open', LONG, async () => {
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('邮箱地址'), 'lin@example.cn');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    const confirm = await findDialog('请确认邮箱地址');
    await setFault(API_PATHS.h5SendEmail, 'error');
    try {
      await user.click(within(confirm).getByRole('button', { name: /发\s*送/ }));
      expect(await findMessage(/稍后再试/)).toBe('error');
      expect(queryDialog('请确认邮箱地址')).toBeInTheDocument();
    } finally {
      await setFault(API_PATHS.h5SendEmail, 'off');
    }
  });
});

describe('the personal report page', () => {
  it(
    'loads with the full-screen message, then shows the header and sections that toggle on their titles',
    LONG,
    async () => {
      const user = userEvent.setup();
      renderAppAt(byParameters('/h5/PersonCreditReport', demo()));
      expect(await screen.findByText(H5_MESSAGES.loading, {}, SLOW)).toBeInTheDocument();
      const head = await screen.findByRole('region', { name: '报告信息' }, SLOW);
      expect(within(head).getByText('报告编号').nextElementSibling?.textContent).toMatch(/\S/);
      expect(within(head).getByText('查询日期').nextElementSibling?.textContent).toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(screen.queryByText(H5_MESSAGES.loading)).not.toBeInTheDocument();

      const titles = ['公安信息', '社会保险信息', '教育信息', '税务信息', '行政信息', '司法信息'];
      for (const title of titles) expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
      // Description and summary are not sections.
      expect(screen.queryByRole('region', { name: '报告说明' })).not.toBeInTheDocument();

      const security = screen.getByRole('region', { name: '公安信息' });
      const toggle = within(security).getByRole('button', { name: /公安信息/ });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(within(security).getByText('户籍信息')).toBeVisible();
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'false');

      // Social insurance: the latest month, payer, time and per item amounts; never a count.
      const insurance = screen.getByRole('region', { name: '社会保险信息' });
      expect(within(insurance).queryByText(/\d+条/)).not.toBeInTheDocument();
      await user.click(within(insurance).getByRole('button', { name: /社会保险信息/ }));
      expect(within(insurance).getAllByText('缴费单位').length).toBeGreaterThan(0);
      expect(within(insurance).getAllByRole('columnheader', { name: '个人缴费金额' }).length).toBeGreaterThan(0);
    },
  );

  it('checks the PDF e-mail address: empty, bad format, sent, and a refused send', LONG, async () => {
    const user = userEvent.setup();
    const person = personOf("is_demo = 0 AND residence = '本地户籍'");
    renderAppAt(byParameters('/h5/PersonCreditReport', person));
    await user.click(await screen.findByRole('button', { name: /下载报告/ }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: '发送报告至邮箱' });
    const ok = within(dialog).getByRole('button', { name: /确\s*定/ });
    await user.click(ok);
    expect(await findMessage(H5_MESSAGES.reportEmailEmpty)).toBe('error');
    const input = within(dialog).getByLabelText('邮箱地址');
    await user.type(input, 'not-an-address');
    await user.click(ok);
    expect(await findMessage(H5_MESSAGES.reportEmailInvalid)).toBe('error');
    await user.clear(input);
    await user.type(input, 'lin@example.cn');
    const mails = await outboxSize();
    await user.click(ok);
    expect(await findMessage(H5_MESSAGES.reportMailSent)).toBe('success');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '发送报告至邮箱' })).not.toBeInTheDocument());
    expect(await outboxSize()).toBeGreaterThan(mails);

    // The service answers a Status other than 10 once the person has no report any more.
    db().prepare("UPDATE h5_persons SET residence = '外地' WHERE id = ?").run(person.id);
    await user.click(screen.getByRole('button', { name: /下载报告/ }));
    const again = await screen.findByRole('dialog', { name: '发送报告至邮箱' });
    await user.type(within(again).getByLabelText('邮箱地址'), 'lin@example.cn');
    await user.click(within(again).getByRole('button', { name: /确\s*定/ }));
    expect(await findMessage(H5_MESSAGES.reportMailFailed)).toBe('error');
  });

  it('keeps the dialog open on a click outside it', LONG, async () => {
    const user = userEvent.setup();
    renderAppAt(byParameters('/h5/PersonCreditReport', demo()));
    await user.click(await screen.findByRole('button', { name: /下载报告/ }, SLOW));
    await screen.findByRole('dialog', { name: '发送报告至邮箱' });
    const wrap = document.querySelector('.ant-modal-wrap') as HTMLElement;
    await user.click(wrap);
    expect(screen.getByRole('dialog', { name: '发送报告至邮箱' })).toBeInTheDocument();
  });

  it('goes to /h5/login without a person, and with the server message when there is no report', LONG, async () => {
    const { unmount } = renderAppAt('#/h5/PersonCreditReport');
    expect(await screen.findByRole('button', { name: /^登\s*录$/ }, SLOW)).toBeInTheDocument();
    expect(window.location.hash).toBe('#/h5/login');
    unmount();

    renderAppAt(byParameters('/h5/PersonCreditReport', personOf("residence = '外地'")));
    expect(await findMessage(H5_MESSAGES.noReport)).toBe('error');
    await waitFor(() => expect(window.location.hash).toBe('#/h5/login'));
  });
});

describe('/grxy', () => {
  it('在本设备打开 leads to the H5 report login', LONG, async () => {
    renderAppAt('#/grxy');
    const button = await screen.findByRole('link', { name: /在本设备打开/ }, SLOW);
    expect(button.getAttribute('href')).toBe('#/h5/PersonCreditReportLogin');
  });
});
