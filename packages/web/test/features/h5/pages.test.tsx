import { render, screen, waitFor, within } from '@testing-library/react';
import { CONTRACTS, H5, H5_CODE_PARAM, H5_MESSAGES, MESSAGES, maskIdNumber, maskName } from '@credit-portal/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PersonCard } from '@/features/h5/components/person-card';
import { hashHref, paths, withQuery } from '@/lib/paths';
import { failure, fakeGateway } from '../../fake-gateway';
import {
  ENTITIES,
  PERSON,
  REPORT,
  TEST_MODE,
  USER,
  byParameters,
  clearStorage,
  fill,
  findMessage,
  h5Gateway,
  identityOf,
  loginButton,
  makeRsaKey,
  markH5Login,
  preloadH5Pages,
  leaveApp,
  resetMocks,
  type RsaKey,
  watchLeaving,
} from './pages-support';
import { findMain, renderAppAt, setupUser } from '../../render-app';
import { TestProviders } from '../../test-providers';

/*
 * The way into the H5 app with the API client stubbed at its edge (test/fake-gateway.ts): the
 * login page and both test logins, the home page's masked card, the personal report's
 * availability (by the H5 login's data call, or by name and ID encrypted with the service's RSA
 * key) and the way to the report page, the entities with their badges, empty and bad lists, a
 * refused code; /grxy's way in. The reports (h5-pages-reports.test.tsx) and a linked entity's
 * details (h5-pages-entity.test.tsx) beside it; the face-verification login and its one-time code,
 * a reload and 退出登录: test/features/h5/session.test.tsx; the whole app in real Chromium: e2e/h5.e2e.ts;
 * the service's rules: packages/credit-service/test/h5*.test.ts.
 * Leaving the SPA (the report file) is watched, not followed: jsdom cannot.
 */

let rsa: RsaKey;

beforeAll(async () => {
  rsa = await makeRsaKey();
  await preloadH5Pages(paths.h5Login, paths.h5Home, paths.h5Report, paths.personalCredit);
});

beforeEach(clearStorage);
beforeEach(watchLeaving);
afterEach(resetMocks);

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
    const gateway = h5Gateway(rsa)
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
    expect(identityOf(rsa, asked!.body)).toEqual({
      Infotoken: USER.Infotoken,
      name: PERSON.name,
      idCard: PERSON.idNumber,
    });
    expect(gateway.calls(CONTRACTS.h5ReportAvailability.path)).toEqual([]);
    expect(screen.queryByRole('link', { name: /查询其他信用主体/ })).not.toBeInTheDocument();
  });
});

describe('the H5 home page', () => {
  it('shows the masked card, the report button and every linked entity with its status badge', async () => {
    const user = setupUser();
    markH5Login();
    const gateway = h5Gateway(rsa);
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
    const gateway = h5Gateway(rsa)
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
    h5Gateway(rsa, { status: 20 });
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
    h5Gateway(rsa, { entities: '[]' });
    renderAppAt(byParameters(paths.h5Home));
    const section = (await screen.findByRole('heading', { name: '我的关联主体' })).closest('section')!;
    expect(await within(section).findByText(H5_MESSAGES.noInformation)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('logs a list with bad data as a data error and shows nothing of it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A broken upstream: the list inside Data.Data is not a list of entity records.
    h5Gateway(rsa, { entities: '[{"EntName":1}]' });
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
