import { render, screen, waitFor, within } from '@testing-library/react';
import {
  API_PATHS,
  CONTRACTS,
  H5,
  H5_CODE_PARAM,
  H5_MESSAGES,
  MESSAGES,
  maskIdNumber,
  maskName,
  type H5EncryptedIdentity,
  type H5EntityRecord,
  type H5RsaPublicKey,
  type H5UserInfo,
  type ReportTables,
} from '@credit-portal/shared';
import type { H5EntityDetail } from '@credit-portal/shared/contracts/h5';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { PersonCard } from '@/features/h5/components/person-card';
import { leaveApp } from '@/features/h5/h5-navigation';
import { hashHref, paths, withQuery } from '@/lib/paths';
import { FakeReply, failure, fakeGateway, upstreamError } from './fake-gateway';
import { findMain, preloadPages, renderAppAt, setupUser } from './render-app';
import { TEST_RUNTIME_CONFIG, TestProviders } from './test-providers';

/*
 * The H5 app with the API client stubbed at its edge (test/fake-gateway.ts): the login
 * page and both test logins, the home page's masked card, the personal report's availability (by
 * the H5 login's data call, or by name and ID encrypted with the service's RSA key) and the way
 * to the report page, the entities with their badges, empty and bad lists, a refused code; the
 * entity report and the report PDF by e-mail with every message and its kind; the report's
 * sections and its download address; a linked entity's details inside the app; /grxy's way in.
 * The face-verification login and its one-time code, a reload and 退出登录: test/h5-session.test.tsx; the whole app in real Chromium: e2e/h5.e2e.ts; the
 * service's rules: packages/credit-service/test/h5*.test.ts.
 * Leaving the SPA (the report file) is watched, not followed: jsdom cannot.
 */

vi.mock('@/features/h5/h5-navigation', () => ({ leaveApp: vi.fn() }));

const TEST_MODE = { ...TEST_RUNTIME_CONFIG, h5TestMode: true };

const PERSON = { name: '林晓云', idNumber: '350203198806150240' };
const USER: H5UserInfo = { Name: PERSON.name, IdCard: PERSON.idNumber, Infotoken: 'info-token-1' };

const ENTITIES: H5EntityRecord[] = [
  {
    RecordId: 'r1',
    BaseId: '2001',
    EntName: '云州市恒信科技有限公司',
    EntStatus: '存续',
    SCCode: '91520100MA6H000011',
    Position: '法定代表人',
    EstDate: '2015-03-08',
    EntCategory: '有限责任公司',
    CertNo: 'CERT-1',
  },
  {
    RecordId: 'r2',
    BaseId: '2002',
    EntName: '云州市晓云百货店',
    EntStatus: '吊销',
    SCCode: '92520100MA6H000022',
    Position: '经营者',
    EstDate: '2012-05-01',
    EntCategory: '个体工商户',
    CertNo: 'CERT-2',
  },
  {
    RecordId: 'r3',
    BaseId: '2003',
    EntName: '云州市晓云咨询有限公司',
    EntStatus: '注销',
    SCCode: '91520100MA6H000033',
    Position: '监事',
    EstDate: '2018-09-12',
    EntCategory: '有限责任公司',
    CertNo: 'CERT-3',
  },
];

/*
 * The report service's RSA key, made for this file: the SPA encrypts with its public half
 * (jsencrypt, PKCS#1 v1.5), the test decrypts with the private one to read what was sent.
 */
let rsa: { publicKey: H5RsaPublicKey; n: bigint; d: bigint };

const hexOf = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
const bytesOfBase64 = (text: string): Uint8Array =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
  }
  return result;
}

/** Decrypts one value the SPA encrypted (RSAES-PKCS1-v1_5: 00 02, random non-zero padding, 00, the message). */
function decrypt(cipher: string): string {
  const block = modPow(BigInt(`0x${hexOf(bytesOfBase64(cipher))}`), rsa.d, rsa.n)
    .toString(16)
    .padStart(rsa.publicKey.PublicKeyModulus.length, '0');
  const pairs = block.match(/../g)!;
  expect(pairs.slice(0, 2)).toEqual(['00', '02']);
  // The message is UTF-8: its bytes as percent escapes.
  return decodeURIComponent(
    pairs
      .slice(pairs.indexOf('00', 2) + 1)
      .map((pair) => `%${pair}`)
      .join(''),
  );
}

/** The identity a call carried, decrypted. */
function identityOf(body: unknown) {
  const sent = body as H5EncryptedIdentity;
  return { Infotoken: sent.Infotoken, name: decrypt(sent.name), idCard: decrypt(sent.idCard) };
}

beforeAll(async () => {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
  const n = hexOf(bytesOfBase64(jwk.n!));
  rsa = {
    publicKey: { PublicKeyModulus: n, PublicKeyExponent: hexOf(bytesOfBase64(jwk.e!)) },
    n: BigInt(`0x${n}`),
    d: BigInt(`0x${hexOf(bytesOfBase64(jwk.d!))}`),
  };
  // The pages' code, and jsencrypt (loaded when a report is asked about), before the tests.
  await Promise.all([
    preloadPages(paths.h5Login, paths.h5Home, paths.h5Report, paths.h5Entity, paths.personalCredit),
    import('jsencrypt'),
  ]);
});

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  (leaveApp as Mock).mockReset();
});

/** The home page by test query parameters (test mode), as the second test login button opens it. */
const byParameters = (path: string) => `#${withQuery(path, { name: PERSON.name, idCard: PERSON.idNumber })}`;

const markH5Login = () => window.localStorage.setItem(H5.storageKeys.loginType, H5.loginTypeMarker);

/**
 * The H5 gateway for USER: the test parameters' exchange, the availability of the H5 login
 * (`status` 10: a report), and the linked entities (`entities`: Data.Data as the service sends it).
 */
function h5Gateway({ status = 10, entities = JSON.stringify(ENTITIES) }: { status?: number; entities?: string } = {}) {
  return fakeGateway(TEST_MODE)
    .on(CONTRACTS.h5TestUserInfo, ({ body }) =>
      (body as { IdCard: string }).IdCard === PERSON.idNumber
        ? USER
        : failure(400, 'failed', H5_MESSAGES.personNotFound),
    )
    .on(CONTRACTS.h5ReportAvailability, () => ({ Status: status, ReportNumber: '' }))
    .on(CONTRACTS.h5Entities, () => ({ Data: entities }))
    .on(CONTRACTS.h5RsaPublicKey, () => rsa.publicKey);
}

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
  const shown = await screen.findByText(text);
  const notice = shown.closest('.ant-message-notice') ?? shown.parentElement;
  const icon = notice?.querySelector('.anticon')?.getAttribute('aria-label') ?? '';
  return ICON_KINDS[icon];
}

const loginButton = () => screen.findByRole('button', { name: /^登\s*录$/ });

/** Types a value the quick way: a click, then a paste (typing key by key re-renders the page each time). */
async function fill(user: ReturnType<typeof setupUser>, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

describe('the H5 login', () => {
  it('shows intro, services and notes, encodes the channel on mount, and hides the test login by default', async () => {
    const gateway = fakeGateway().on(CONTRACTS.h5Encode, () => 'sealed');
    renderAppAt(`#${paths.h5Login}`);
    const main = await findMain();
    expect(await main.findByRole('heading', { name: '服务内容' })).toBeInTheDocument();
    expect(main.getByRole('heading', { name: '登录须知' })).toBeInTheDocument();
    expect(main.getByText(/外国人永久居留身份证/)).toBeInTheDocument();
    expect(await loginButton()).toBeInTheDocument();
    expect(main.queryByRole('textbox', { name: '姓名' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(gateway.calls(CONTRACTS.h5Encode.path).map((call) => call.body)).toEqual([
        { Platform: H5.defaultPlatform, Remark: '', ComIp: '' },
      ]),
    );
  });

  it('requires both name and ID for the test logins', async () => {
    const user = setupUser();
    const gateway = fakeGateway(TEST_MODE).on(CONTRACTS.h5Encode, () => 'sealed');
    renderAppAt(`#${paths.h5Login}`, TEST_MODE);
    const name = await screen.findByRole('textbox', { name: '姓名' });
    await user.click(screen.getByRole('button', { name: '测试登录' }));
    expect(await findMessage(H5_MESSAGES.testLoginEmpty)).toBe('warning');
    await fill(user, name, PERSON.name);
    await user.click(screen.getByRole('button', { name: '测试登录（参数）' }));
    await waitFor(() => expect(screen.getAllByText(H5_MESSAGES.testLoginEmpty).length).toBeGreaterThan(0));
    // Neither login went anywhere: no token asked for, no H5 login marked, the same page.
    expect(gateway.calls(CONTRACTS.h5TestLogin.path)).toEqual([]);
    expect(window.localStorage.getItem(H5.storageKeys.loginType)).toBeNull();
    expect(window.location.hash).toBe(`#${paths.h5Login}`);
  });

  it('logs in by the test token: the alternate channel hides 查询其他信用主体 and checks the report by the encrypted query', async () => {
    const user = setupUser();
    const gateway = h5Gateway()
      .on(CONTRACTS.h5Encode, () => 'sealed')
      .on(CONTRACTS.h5TestLogin, () => JSON.stringify({ izgtxytoken: 'iz-token-1' }))
      .on(CONTRACTS.h5IzLogin, ({ body }) =>
        (body as { Infotoken?: string } | undefined)?.Infotoken === 'iz-token-1'
          ? USER
          : failure(401, 'failed', H5_MESSAGES.loginExpired),
      )
      .on(CONTRACTS.h5PersonInfo, () => ({ HasReport: true }));
    renderAppAt(`#${paths.h5Login}`, TEST_MODE);
    await fill(user, await screen.findByRole('textbox', { name: '姓名' }), PERSON.name);
    await fill(user, screen.getByRole('textbox', { name: '身份证号' }), PERSON.idNumber);
    await user.click(screen.getByRole('button', { name: '测试登录' }));

    expect(await screen.findByText(maskName(PERSON.name))).toBeInTheDocument();
    expect(window.location.hash).toBe(`#${paths.h5Home}`);
    expect(Object.fromEntries(gateway.calls(CONTRACTS.h5TestLogin.path)[0]!.query)).toEqual({
      Name: PERSON.name,
      IdCard: PERSON.idNumber,
      type: '',
    });
    expect(window.localStorage.getItem(H5.storageKeys.izgtxytoken)).toBe('iz-token-1');
    // The token went in a POST body, never in the address of the call.
    const [izLogin, ...more] = gateway.calls(CONTRACTS.h5IzLogin.path);
    expect(more).toEqual([]);
    expect(izLogin).toMatchObject({ method: 'POST', body: { Infotoken: 'iz-token-1' } });
    expect([...izLogin!.query]).toEqual([]);
    // The availability by the encrypted query: the service's public key, then name and ID encrypted with it.
    expect(await screen.findByRole('link', { name: /个人信用报告/ })).toBeInTheDocument();
    const [asked] = gateway.calls(CONTRACTS.h5PersonInfo.path);
    expect(identityOf(asked!.body)).toEqual({ Infotoken: USER.Infotoken, name: PERSON.name, idCard: PERSON.idNumber });
    expect(gateway.calls(CONTRACTS.h5ReportAvailability.path)).toEqual([]);
    expect(screen.queryByRole('link', { name: /查询其他信用主体/ })).not.toBeInTheDocument();
  });
});

describe('the H5 home page', () => {
  it('shows the masked card, the report button and every linked entity with its status badge', async () => {
    const user = setupUser();
    markH5Login();
    const gateway = h5Gateway();
    renderAppAt(byParameters(paths.h5Home));
    const card = (await screen.findByRole('heading', { name: /个人信息/ })).closest('section')!;
    expect(within(card).getByText(maskName(PERSON.name))).toBeInTheDocument();
    expect(within(card).getByText(maskIdNumber(PERSON.idNumber))).toBeInTheDocument();
    expect(card).not.toHaveTextContent(PERSON.name);
    expect(card).not.toHaveTextContent(PERSON.idNumber);
    expect(await within(card).findByRole('link', { name: /个人信用报告/ })).toBeInTheDocument();
    // After the H5 login the data call answers the availability (Status 10).
    expect(gateway.calls(CONTRACTS.h5ReportAvailability.path)[0]!.body).toEqual({
      Infotoken: USER.Infotoken,
      UserName: PERSON.name,
      IdentityCard: PERSON.idNumber,
      VersionCode: 'C',
      ReportNumber: '',
      printStyle: H5.printStyle,
    });

    const articles = await screen.findAllByRole('article');
    expect(articles.map((article) => article.getAttribute('aria-label'))).toEqual(ENTITIES.map((e) => e.EntName));
    for (const entity of ENTITIES) {
      const article = screen.getByRole('article', { name: entity.EntName });
      expect(article).toHaveTextContent(entity.SCCode);
      expect(article).toHaveTextContent(entity.Position);
      const badge = within(article).getByText(entity.EntStatus);
      expect(badge.className).toMatch(entity.EntStatus === '存续' ? /badgeOpen/ : /badgeRevoked/);
      expect(within(article).getByRole('link', { name: '查看详情' })).toHaveAttribute(
        'href',
        hashHref(withQuery(paths.h5Entity, { id: entity.BaseId })),
      );
    }
    expect(gateway.calls(CONTRACTS.h5Entities.path)[0]!.body).toEqual({ Infotoken: USER.Infotoken });
    expect(screen.getByRole('link', { name: /查询其他信用主体/ })).toBeInTheDocument();
    expect(screen.getByText(/版权所有/)).toBeInTheDocument();

    // The service description opens and closes.
    const toggle = screen.getByRole('button', { name: '服务说明' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens the readable report page in this tab from 个人信用报告, never the report file', async () => {
    const user = setupUser();
    markH5Login();
    const gateway = h5Gateway()
      .on(CONTRACTS.h5Session, ({ body }) =>
        (body as { Infotoken: string }).Infotoken === USER.Infotoken ? USER : failure(401, 'unauthorized'),
      )
      .on(CONTRACTS.h5ReportData, () => ({ Status: 10, Data: JSON.stringify(REPORT) }));
    renderAppAt(byParameters(paths.h5Home));
    const open = await screen.findByRole('link', { name: /个人信用报告/ });
    expect(open).toHaveAttribute('href', hashHref(paths.h5Report));
    await user.click(open);
    // The report page with this tab's login: its header, no second login, no one-time file address.
    const head = await screen.findByRole('region', { name: '报告信息' });
    expect(within(head).getByText('报告编号').nextElementSibling).toHaveTextContent('GR2026112100001');
    expect(window.location.hash).toBe(`#${paths.h5Report}`);
    expect(leaveApp).not.toHaveBeenCalled();
    expect(gateway.calls(CONTRACTS.h5IndividualToken.path)).toEqual([]);
  });

  it('tells a person without a report 暂无信息 with the eligibility reminder', async () => {
    markH5Login();
    h5Gateway({ status: 20 });
    renderAppAt(byParameters(paths.h5Home));
    expect(await screen.findByText(H5_MESSAGES.eligibility)).toBeInTheDocument();
    const card = screen.getByRole('heading', { name: /个人信息/ }).closest('section')!;
    expect(within(card).getByText(H5_MESSAGES.noInformation)).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /个人信用报告/ })).not.toBeInTheDocument();
  });

  it('shows 暂无数据 on the card for a missing name or ID number', async () => {
    fakeGateway().on(CONTRACTS.h5ReportAvailability, () => failure(401, 'failed', H5_MESSAGES.loginExpired));
    render(
      <TestProviders>
        <PersonCard user={{ Name: '', IdCard: '', Infotoken: 'unknown-token' }} h5Login />
      </TestProviders>,
    );
    const card = screen.getByRole('heading', { name: /个人信息/ }).closest('section')!;
    expect(within(card).getAllByText(MESSAGES.noData)).toHaveLength(2);
    expect(await within(card).findByText(H5_MESSAGES.noInformation)).toBeInTheDocument();
  });

  it('shows 暂无信息 for a person without linked entities', async () => {
    h5Gateway({ entities: '[]' });
    renderAppAt(byParameters(paths.h5Home));
    const section = (await screen.findByRole('heading', { name: '我的关联主体' })).closest('section')!;
    expect(await within(section).findByText(H5_MESSAGES.noInformation)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('logs a list with bad data as a data error and shows nothing of it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A broken upstream: the list inside Data.Data is not a list of entity records.
    h5Gateway({ entities: '[{"EntName":1}]' });
    renderAppAt(byParameters(paths.h5Home));
    await waitFor(() => expect(errors.mock.calls.some((call) => String(call[0]).includes('数据错误'))).toBe(true));
    const section = screen.getByRole('heading', { name: '我的关联主体' }).closest('section')!;
    expect(section).toHaveAttribute('aria-busy', 'false');
    expect(within(section).queryByText(H5_MESSAGES.noInformation)).not.toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('sends a person without any token to /h5/login, and one with a refused code too, with the message', async () => {
    const gateway = fakeGateway()
      .on(CONTRACTS.h5Encode, () => 'sealed')
      .on(CONTRACTS.h5CertExchange, () => failure(400, 'failed', H5_MESSAGES.certNotVerified));
    const { unmount } = renderAppAt(`#${paths.h5Home}`);
    expect(await loginButton()).toBeInTheDocument();
    expect(window.location.hash).toBe(`#${paths.h5Login}`);
    unmount();

    window.localStorage.setItem(H5.storageKeys.certToken, 'not-a-token');
    window.localStorage.setItem(H5.storageKeys.certVerifier, 'v'.repeat(43));
    renderAppAt(`#${withQuery(paths.h5Home, { [H5_CODE_PARAM]: 'not-a-code' })}`);
    expect(await findMessage(H5_MESSAGES.certNotVerified)).toBe('error');
    await waitFor(() => expect(window.location.hash).toBe(`#${paths.h5Login}`));
    expect(gateway.calls(CONTRACTS.h5CertExchange.path).map((call) => call.body)).toEqual([
      { certToken: 'not-a-token', code: 'not-a-code', verifier: 'v'.repeat(43), type: '' },
    ]);
    expect(window.localStorage.getItem(H5.storageKeys.certToken)).toBeNull();
    expect(window.sessionStorage.getItem(H5.storageKeys.infotoken)).toBeNull();
  });
});

describe('the entity report by e-mail', () => {
  /** The home page with the mail calls: the request recorded, then the sender's answer (`send`). */
  async function openDialog(send: () => FakeReply) {
    const user = setupUser();
    const gateway = h5Gateway()
      .on(CONTRACTS.h5EntityReportRequest, () => ({ RequestId: 'REQ-1' }))
      .on(CONTRACTS.h5SendEmail, send);
    renderAppAt(byParameters(paths.h5Home));
    const [article] = await screen.findAllByRole('article');
    await user.click(within(article!).getByRole('button', { name: '信用报告' }));
    const dialog = await findDialog('发送信用报告');
    return { user, gateway, dialog };
  }

  const sent = (message: string) =>
    new FakeReply(200, { ok: true, code: 200, message, data: { ReportNumber: 'QY2026112100001' } });

  it('warns on an empty address, confirms the address, 返回修改 goes back, and 发送 mails it with the server message', async () => {
    const { user, gateway, dialog } = await openDialog(() => sent(H5_MESSAGES.entityMailSent));
    const [entity] = ENTITIES;
    expect(dialog).toHaveTextContent(entity!.EntName);
    expect(dialog).toHaveTextContent(H5_MESSAGES.entityEmailNote);
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await findMessage(H5_MESSAGES.entityEmailEmpty)).toBe('warning');
    expect(queryDialog('请确认邮箱地址')).not.toBeInTheDocument();

    // No format check: whatever is typed is confirmed.
    await fill(user, within(dialog).getByLabelText('邮箱地址'), 'lin@example');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    let confirm = await findDialog('请确认邮箱地址');
    expect(confirm).toHaveTextContent('lin@example');
    await user.click(within(confirm).getByRole('button', { name: '返回修改' }));
    await waitFor(() => expect(queryDialog('请确认邮箱地址')).not.toBeInTheDocument());
    expect(gateway.calls(CONTRACTS.h5SendEmail.path)).toEqual([]);

    await user.clear(within(dialog).getByLabelText('邮箱地址'));
    await fill(user, within(dialog).getByLabelText('邮箱地址'), 'lin@example.cn');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    confirm = await findDialog('请确认邮箱地址');
    expect(confirm).toHaveTextContent('lin@example.cn');
    await user.click(within(confirm).getByRole('button', { name: /发\s*送/ }));
    expect(await findMessage(H5_MESSAGES.entityMailSent)).toBe('success');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The request recorded for the entity, then the mail of its report.
    expect(gateway.calls(CONTRACTS.h5EntityReportRequest.path).map((call) => call.body)).toEqual([
      {
        BaseID: entity!.BaseId,
        VersionCode: 'G',
        Infotoken: USER.Infotoken,
        CertNo: entity!.CertNo,
        InquiryMode: H5.entityReportPurpose,
      },
    ]);
    expect(gateway.calls(CONTRACTS.h5SendEmail.path).map((call) => call.body)).toEqual([
      {
        email: 'lin@example.cn',
        entID: entity!.BaseId,
        entName: entity!.EntName,
        userID: PERSON.name,
        versionCode: 'G',
        Infotoken: USER.Infotoken,
      },
    ]);
  });

  it('shows a failure as an error and keeps the dialogs open', async () => {
    const { user, dialog } = await openDialog(() => upstreamError());
    await fill(user, within(dialog).getByLabelText('邮箱地址'), 'lin@example.cn');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    const confirm = await findDialog('请确认邮箱地址');
    await user.click(within(confirm).getByRole('button', { name: /发\s*送/ }));
    expect(await findMessage(/稍后再试/)).toBe('error');
    expect(queryDialog('请确认邮箱地址')).toBeInTheDocument();
    expect(queryDialog('发送信用报告')).toBeInTheDocument();
  });
});

const insuranceRow = (time: string, coverage: string, personal: number, unit: number) => ({
  缴费单位: '云州市恒信科技有限公司',
  缴费时间: time,
  险种: coverage,
  个人缴费金额: personal,
  单位缴费金额: unit,
});

/** The report's tables as the report service sends them (spec §3): config, number and date, data. */
const REPORT: ReportTables = {
  Tables: [
    {
      TableName: 'config',
      Rows: [
        ['一、公安信息', 'I', 'PublicSecurity'],
        ['（一）户籍信息', 'III', 'Household'],
        ['二、社会保险信息', 'I', 'Social'],
        ['（一）参保缴费', 'III', 'SocialInsurance'],
        ['三、教育信息', 'I', 'Education'],
        ['（一）学历信息', 'III', 'Degree'],
        ['四、税务信息', 'I', 'Tax'],
        ['（一）欠税信息', 'III', 'TaxArrears'],
        ['五、行政信息', 'I', 'Administration'],
        ['（一）行政处罚', 'III', 'AdminPenalty'],
        ['六、司法信息', 'I', 'Judicial'],
        ['（一）失信被执行人', 'III', 'Dishonest'],
        ['七、报告说明', 'I', 'description'],
        ['（一）说明事项', 'III', 'Household'],
      ].map(([SortName, SortGrade, SourceTableENName]) => ({
        SourceTableENName: SourceTableENName!,
        VersionCode: 'C',
        SortName: SortName!,
        SourceTableName: SortName!,
        SortGrade: SortGrade!,
        DisplayMode: '2',
      })),
    },
    { TableName: 'report', Rows: [{ ReportNumber: 'GR2026112100001', QueryDate: '2026-11-21' }] },
    { TableName: 'Household', Rows: [{ 序号: 1, 姓名: PERSON.name, 户籍地址: '云州市东湖区' }] },
    {
      TableName: 'SocialInsurance',
      Rows: [
        insuranceRow('2026-09', '养老保险', 400, 800),
        insuranceRow('2026-10', '养老保险', 420, 840),
        insuranceRow('2026-10', '医疗保险', 100, 300),
      ],
    },
    {
      TableName: 'Degree',
      Rows: [
        { 学历: '本科', 毕业院校: '云州大学' },
        { 学历: '硕士', 毕业院校: '云州大学' },
      ],
    },
    { TableName: 'TaxArrears', Rows: [] },
    { TableName: 'AdminPenalty', Rows: [] },
    { TableName: 'Dishonest', Rows: [] },
  ],
};

describe('the personal report page', () => {
  /** The report page's gateway: the report's tables (held until `release`), and the PDF mail (`mail`). */
  function reportGateway(mail: () => FakeReply | { Status: number } = () => ({ Status: 10 })) {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const gateway = h5Gateway()
      .on(CONTRACTS.h5ReportData, async () => {
        await held;
        return { Status: 10, Data: JSON.stringify(REPORT) };
      })
      .on(CONTRACTS.h5ReportPdf, mail);
    return { gateway, release };
  }

  it('loads with the full-screen message, then shows the header and sections that toggle on their titles', async () => {
    const user = setupUser();
    const { gateway, release } = reportGateway();
    renderAppAt(byParameters(paths.h5Report));
    expect(await screen.findByText(H5_MESSAGES.loading)).toBeInTheDocument();
    await waitFor(() => expect(gateway.calls(CONTRACTS.h5ReportData.path)).toHaveLength(1));
    release();
    const head = await screen.findByRole('region', { name: '报告信息' });
    expect(within(head).getByText('报告编号').nextElementSibling).toHaveTextContent('GR2026112100001');
    expect(within(head).getByText('查询日期').nextElementSibling).toHaveTextContent('2026-11-21');
    expect(screen.queryByText(H5_MESSAGES.loading)).not.toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.h5ReportData.path)[0]!.body).toEqual({
      Infotoken: USER.Infotoken,
      UserName: PERSON.name,
      IdentityCard: PERSON.idNumber,
      VersionCode: 'C',
      ReportNumber: '',
    });

    for (const title of ['公安信息', '社会保险信息', '教育信息', '税务信息', '行政信息', '司法信息']) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    }
    // The description is not a section.
    expect(screen.queryByRole('region', { name: '报告说明' })).not.toBeInTheDocument();
    // A count only above one row; a section without rows greyed.
    expect(screen.getByRole('region', { name: '教育信息' })).toHaveTextContent('2条');
    expect(screen.getByRole('region', { name: '公安信息' })).not.toHaveTextContent(/\d+条/);
    expect(screen.getByRole('region', { name: '税务信息' })).toHaveAttribute('data-empty', 'true');
    expect(screen.getByRole('region', { name: '公安信息' })).not.toHaveAttribute('data-empty');

    const security = screen.getByRole('region', { name: '公安信息' });
    const toggle = within(security).getByRole('button', { name: /公安信息/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(security).getByText('户籍信息')).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(security).getByText('户籍信息')).toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // Social insurance: the latest month, payer, time and per item amounts; never a count.
    const insurance = screen.getByRole('region', { name: '社会保险信息' });
    expect(insurance).not.toHaveTextContent(/\d+条/);
    await user.click(within(insurance).getByRole('button', { name: /社会保险信息/ }));
    expect(within(insurance).getAllByText('缴费单位').length).toBeGreaterThan(0);
    expect(within(insurance).getByText('2026-10')).toBeInTheDocument();
    expect(within(insurance).queryByText('2026-09')).not.toBeInTheDocument();
    expect(within(insurance).getAllByRole('columnheader', { name: '个人缴费金额' }).length).toBeGreaterThan(0);
    expect(within(insurance).getByRole('rowheader', { name: '医疗保险' })).toBeInTheDocument();
  });

  it('checks the PDF e-mail address: empty, bad format, sent, and a refused send', async () => {
    const user = setupUser();
    let sends = 0;
    const { gateway, release } = reportGateway(() =>
      ++sends === 1 ? { Status: 10 } : failure(200, 20, H5_MESSAGES.noReport),
    );
    release();
    renderAppAt(byParameters(paths.h5Report));
    await user.click(await screen.findByRole('button', { name: /下载报告/ }));
    const dialog = await findDialog('发送报告至邮箱');
    const ok = within(dialog).getByRole('button', { name: /确\s*定/ });
    await user.click(ok);
    expect(await findMessage(H5_MESSAGES.reportEmailEmpty)).toBe('error');
    const input = within(dialog).getByLabelText('邮箱地址');
    await fill(user, input, 'not-an-address');
    await user.click(ok);
    expect(await findMessage(H5_MESSAGES.reportEmailInvalid)).toBe('error');
    expect(gateway.calls(CONTRACTS.h5ReportPdf.path)).toEqual([]);
    await user.clear(input);
    await fill(user, input, 'lin@example.cn');
    await user.click(ok);
    expect(await findMessage(H5_MESSAGES.reportMailSent)).toBe('success');
    await waitFor(() => expect(queryDialog('发送报告至邮箱')).not.toBeInTheDocument());
    // The report on the page (its number) to the address given.
    expect(gateway.calls(CONTRACTS.h5ReportPdf.path)[0]!.body).toEqual({
      Infotoken: USER.Infotoken,
      UserName: PERSON.name,
      IdentityCard: PERSON.idNumber,
      VersionCode: 'C',
      ReportNumber: 'GR2026112100001',
      Email: 'lin@example.cn',
    });

    // The service answers a Status other than 10: not sent, said as an error.
    await user.click(screen.getByRole('button', { name: /下载报告/ }));
    const again = await findDialog('发送报告至邮箱');
    await fill(user, within(again).getByLabelText('邮箱地址'), 'lin@example.cn');
    await user.click(within(again).getByRole('button', { name: /确\s*定/ }));
    expect(await findMessage(H5_MESSAGES.reportMailFailed)).toBe('error');
    expect(queryDialog('发送报告至邮箱')).toBeInTheDocument();
  });

  it('downloads the PDF from the 下载报告 dialog, nothing e-mailed', async () => {
    const user = setupUser();
    const { gateway, release } = reportGateway();
    gateway
      .on(CONTRACTS.h5IndividualToken, () => 'first-token')
      .on(CONTRACTS.h5IndividualInfo, ({ body }) =>
        (body as { token: string }).token === 'first-token' ? 'final-token' : failure(400, 'failed'),
      );
    release();
    renderAppAt(byParameters(paths.h5Report));
    await user.click(await screen.findByRole('button', { name: /下载报告/ }));
    const dialog = await findDialog('发送报告至邮箱');
    await user.click(within(dialog).getByRole('button', { name: /直接下载 PDF/ }));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledTimes(1));
    expect((leaveApp as Mock).mock.calls[0]![0]).toBe(withQuery(API_PATHS.h5ReportFile, { token: 'final-token' }));
    // Nothing was e-mailed.
    expect(gateway.calls(CONTRACTS.h5ReportPdf.path)).toEqual([]);
  });

  it('keeps the dialog open on a click outside it', async () => {
    const user = setupUser();
    reportGateway().release();
    renderAppAt(byParameters(paths.h5Report));
    await user.click(await screen.findByRole('button', { name: /下载报告/ }));
    const dialog = await findDialog('发送报告至邮箱');
    await user.click(document.querySelector<HTMLElement>('.ant-modal-wrap')!);
    expect(dialog).toBeInTheDocument();
    expect(queryDialog('发送报告至邮箱')).toBe(dialog);
  });

  it('goes to /h5/login without a person, and with the server message when there is no report', async () => {
    fakeGateway(TEST_MODE)
      .on(CONTRACTS.h5Encode, () => 'sealed')
      .on(CONTRACTS.h5TestUserInfo, () => USER)
      .on(CONTRACTS.h5ReportData, () => failure(200, 20, H5_MESSAGES.noReport));
    const { unmount } = renderAppAt(`#${paths.h5Report}`);
    expect(await loginButton()).toBeInTheDocument();
    expect(window.location.hash).toBe(`#${paths.h5Login}`);
    unmount();

    renderAppAt(byParameters(paths.h5Report));
    expect(await findMessage(H5_MESSAGES.noReport)).toBe('error');
    await waitFor(() => expect(window.location.hash).toBe(`#${paths.h5Login}`));
  });
});

describe('/grxy', () => {
  it('在本设备打开 leads to the H5 report login', async () => {
    fakeGateway();
    renderAppAt(`#${paths.personalCredit}`);
    const main = await findMain();
    expect(await main.findByRole('link', { name: /在本设备打开/ })).toHaveAttribute(
      'href',
      hashHref(paths.h5ReportLogin),
    );
  });
});

describe('a linked entity inside the app', () => {
  const DETAIL: H5EntityDetail = {
    BaseInfo: {
      ID: '2001',
      EntName: '云州市恒信科技有限公司',
      Status: '存续',
      CreditCode: '91520100MA6H000011',
      EntType: '有限责任公司',
      SetUpDate: '2015-03-08',
      LegalRep: '林晓云',
      Address: '云州市东湖区湖滨路 8 号',
      District: '云州市东湖区',
      RegAuthority: '云州市东湖区市场监督管理局',
    },
    DetailInfo: {
      Licences: [],
      Penalties: [
        {
          id: 'p1',
          CF_WSH: '云东市监罚〔2026〕12号',
          CF_CFLB: '罚款',
          CF_WFXW: '虚假宣传',
          CF_NR: '罚款 2 万元',
          CF_JDRQ: '2026-06-01',
          CF_CFJG: '云州市东湖区市场监督管理局',
          CF_GSJZQ: '2027-06-01',
          CF_ZT: '正常',
        },
      ],
      RedBlack: [],
      Promises: [],
      PublicLists: [
        {
          Key: 'abnormal',
          Label: '经营异常名录',
          Source: '云州市市场监督管理局',
          Adverse: true,
          Entries: [
            {
              id: 'a1',
              Matter: '未按规定公示年度报告',
              DocNo: '云东市监异〔2026〕3号',
              Authority: '云州市东湖区市场监督管理局',
              ListedOn: '2026-07-01',
              ValidUntil: '',
              State: '列入中',
              InForce: true,
            },
          ],
        },
        {
          Key: 'majorTax',
          Label: '重大税收违法失信主体',
          Source: '国家税务总局云州市税务局',
          Adverse: true,
          Entries: [],
        },
      ],
    },
  };

  /** This tab's login (a reload's source) and the service's answers for it. */
  function entityGateway(detail: () => H5EntityDetail | FakeReply | Promise<H5EntityDetail> = () => DETAIL) {
    window.sessionStorage.setItem(H5.storageKeys.infotoken, USER.Infotoken);
    return fakeGateway(TEST_MODE)
      .on(CONTRACTS.h5Session, ({ body }) =>
        (body as { Infotoken: string }).Infotoken === USER.Infotoken ? USER : failure(401, 'unauthorized'),
      )
      .on(CONTRACTS.h5EntityDetail, detail);
  }

  const at = (id: string) => `#${withQuery(paths.h5Entity, { id })}`;

  it('shows the registration and every section by the tab’s login, with no portal login', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const gateway = entityGateway(async () => {
      await held;
      return DETAIL;
    });
    renderAppAt(at('2001'));
    expect(await screen.findByText('正在获取主体信息')).toBeInTheDocument();
    release();
    const card = await screen.findByRole('region', { name: DETAIL.BaseInfo.EntName });
    expect(within(card).getByText('存续').className).toMatch(/badgeOpen/);
    expect(within(card).getByText('统一社会信用代码').nextElementSibling).toHaveTextContent('91520100MA6H000011');
    expect(within(card).getByText('登记机关').nextElementSibling).toHaveTextContent('云州市东湖区市场监督管理局');
    expect(gateway.calls(CONTRACTS.h5EntityDetail.path)[0]!.body).toEqual({
      Infotoken: USER.Infotoken,
      EntityId: '2001',
    });

    expect(screen.getByRole('region', { name: /行政许可/ })).toHaveTextContent(MESSAGES.noData);
    expect(screen.getByRole('region', { name: /行政处罚/ })).toHaveTextContent('云东市监罚〔2026〕12号');
    expect(screen.getByRole('region', { name: /红黑名单/ })).toHaveTextContent('未被列入红名单或黑名单');
    // The portal's own section of public lists: the entry, and the lists searched without one.
    const lists = screen.getByRole('region', { name: /公示名单/ });
    expect(lists).toHaveTextContent('经营异常名录');
    expect(lists).toHaveTextContent('未按规定公示年度报告');
    expect(lists).toHaveTextContent('未列入：重大税收违法失信主体');
    // No portal login asked for; the way back is the app's list.
    expect(screen.queryByText(MESSAGES.loginExpired)).not.toBeInTheDocument();
    expect(window.location.hash).toBe(at('2001'));
    expect(screen.getByRole('link', { name: /返回我的关联主体/ })).toHaveAttribute('href', `#${paths.h5Home}`);
  });

  it('says an entity that is not the person’s own is not theirs, with no retry', async () => {
    entityGateway(() => failure(403, 'forbidden', H5_MESSAGES.entityNotLinked));
    renderAppAt(at('999'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(H5_MESSAGES.entityNotLinked);
    expect(within(alert).queryByRole('button', { name: /重\s*试/ })).not.toBeInTheDocument();
  });

  it('offers 重试 when the service fails, and shows the entity once it answers', async () => {
    const user = setupUser();
    let calls = 0;
    entityGateway(() => (++calls === 1 ? failure(502, 'upstream_error') : DETAIL));
    renderAppAt(at('2001'));
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('region', { name: DETAIL.BaseInfo.EntName })).toBeInTheDocument();
  });

  it('sends a person whose login ended, or who has none, to /h5/login', async () => {
    entityGateway(() => failure(401, 'unauthorized', H5_MESSAGES.loginExpired));
    renderAppAt(at('2001'));
    expect(await findMessage(H5_MESSAGES.loginExpired)).toBe('error');
    await waitFor(() => expect(window.location.hash).toBe(`#${paths.h5Login}`));
  });

  it('asks for a login when the tab has none', async () => {
    fakeGateway(TEST_MODE);
    renderAppAt(at('2001'));
    await waitFor(() => expect(window.location.hash).toBe(`#${paths.h5Login}`));
  });
});
