import { screen, waitFor } from '@testing-library/react';
import {
  CONTRACTS,
  H5,
  H5_MESSAGES,
  type H5EncryptedIdentity,
  type H5EntityRecord,
  type H5RsaPublicKey,
  type H5UserInfo,
  type ReportTables,
} from '@credit-portal/shared';
import { expect, vi, type MockInstance } from 'vitest';
import * as h5Navigation from '@/features/h5/h5-navigation';
import { withQuery } from '@/lib/paths';
import { failure, fakeGateway } from '../../fake-gateway';
import { preloadPages, type setupUser } from '../../render-app';
import { TEST_RUNTIME_CONFIG } from '../../test-providers';

/*
 * What the H5 app's page tests (h5-pages*.test.tsx) share: the person, their login and linked
 * entities, the report service's RSA key and the gateway that answers for them, the report's
 * tables, and dialogs and messages found by their titles and kinds. A file that uses resetMocks
 * mocks '@/features/h5/h5-navigation' (leaving the SPA is watched, not followed: jsdom cannot).
 */

export const TEST_MODE = { ...TEST_RUNTIME_CONFIG, h5TestMode: true };

export const PERSON = { name: '林晓云', idNumber: '350203198806150240' };
export const USER: H5UserInfo = { Name: PERSON.name, IdCard: PERSON.idNumber, Infotoken: 'info-token-1' };

export const ENTITIES: H5EntityRecord[] = [
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
 * The report service's RSA key, made for each test file: the SPA encrypts with its public half
 * (jsencrypt, PKCS#1 v1.5), the test decrypts with the private one to read what was sent.
 */
export interface RsaKey {
  publicKey: H5RsaPublicKey;
  n: bigint;
  d: bigint;
}

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

/** A new RSA key (each file makes its own in its beforeAll). */
export async function makeRsaKey(): Promise<RsaKey> {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
  const n = hexOf(bytesOfBase64(jwk.n!));
  return {
    publicKey: { PublicKeyModulus: n, PublicKeyExponent: hexOf(bytesOfBase64(jwk.e!)) },
    n: BigInt(`0x${n}`),
    d: BigInt(`0x${hexOf(bytesOfBase64(jwk.d!))}`),
  };
}

/** Decrypts one value the SPA encrypted (RSAES-PKCS1-v1_5: 00 02, random non-zero padding, 00, the message). */
function decrypt(rsa: RsaKey, cipher: string): string {
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
export function identityOf(rsa: RsaKey, body: unknown) {
  const sent = body as H5EncryptedIdentity;
  return { Infotoken: sent.Infotoken, name: decrypt(rsa, sent.name), idCard: decrypt(rsa, sent.idCard) };
}

/** The pages' code, and jsencrypt (loaded when a report is asked about), before the tests. */
export const preloadH5Pages = (...pagePaths: string[]) =>
  Promise.all([preloadPages(...pagePaths), import('jsencrypt')]);

/** Before each test: no login or token left by the one before. */
export function clearStorage() {
  window.localStorage.clear();
  window.sessionStorage.clear();
}

/** After each test: globals and spies restored, and the watched ways out of the SPA forgotten. */
/** The current test's watch on leaving the SPA (set by watchLeaving). */
export let leaveApp: MockInstance<typeof h5Navigation.leaveApp>;

/**
 * Leaving the SPA is watched, not followed (jsdom cannot): a spy on the module's export, made
 * before each test — not vi.mock, since the files share one module graph (isolate: false), and
 * anew after resetMocks restores every spy.
 */
export function watchLeaving() {
  leaveApp = vi.spyOn(h5Navigation, 'leaveApp').mockImplementation(() => undefined);
}

export function resetMocks() {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}

/** The home page by test query parameters (test mode), as the second test login button opens it. */
export const byParameters = (path: string) => `#${withQuery(path, { name: PERSON.name, idCard: PERSON.idNumber })}`;

/** Marks the login as the H5 app's own, as its H5 login does. */
export const markH5Login = () => window.localStorage.setItem(H5.storageKeys.loginType, H5.loginTypeMarker);

/**
 * The H5 gateway for USER: the test parameters' exchange, the availability of the H5 login
 * (`status` 10: a report), and the linked entities (`entities`: Data.Data as the service sends it).
 */
export function h5Gateway(
  rsa: RsaKey,
  { status = 10, entities = JSON.stringify(ENTITIES) }: { status?: number; entities?: string } = {},
) {
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
export const queryDialog = (title: string): HTMLElement | null =>
  screen.queryAllByRole('dialog').find((dialog) => dialog.querySelector('.ant-modal-title')?.textContent === title) ??
  null;

export const findDialog = (title: string): Promise<HTMLElement> =>
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
export async function findMessage(text: string | RegExp): Promise<string | undefined> {
  const shown = await screen.findByText(text);
  const notice = shown.closest('.ant-message-notice') ?? shown.parentElement;
  const icon = notice?.querySelector('.anticon')?.getAttribute('aria-label') ?? '';
  return ICON_KINDS[icon];
}

export const loginButton = () => screen.findByRole('button', { name: /^登\s*录$/ });

/** Types a value the quick way: a click, then a paste (typing key by key re-renders the page each time). */
export async function fill(user: ReturnType<typeof setupUser>, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

const insuranceRow = (time: string, coverage: string, personal: number, unit: number) => ({
  缴费单位: '云州市恒信科技有限公司',
  缴费时间: time,
  险种: coverage,
  个人缴费金额: personal,
  单位缴费金额: unit,
});

/** The report's tables as the report service sends them (spec §3): config, number and date, data. */
export const REPORT: ReportTables = {
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
