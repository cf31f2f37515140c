import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, MESSAGES, type LoginResult } from '@credit-portal/shared';
import { DISCLOSURE_NOT_FOUND } from '../../../src/routes/disclosure/index.js';
import { DEMO_ACCOUNT } from '../../../src/demo/seed/index.js';
import { DISCLOSURE_COUNTS } from '../../../src/demo/seed/disclosure.js';
import { dayNumber } from '../../../src/lib/dates.js';
import { buildTestApp, injectJson, type TestApp } from '../../helper.js';

/** The disclosure lists, served by the credit-service. */
const AS_OF = '2026-06-30';

interface Answer<T = Record<string, unknown>> {
  ErrorCode: number;
  Msg: string;
  Data: T | null;
}
type Row = Record<string, unknown> & { id: string };
interface Page {
  list: Row[];
  totalCount: number;
}

const MASKED_ID = /^\d{6}\*{6}\d{3}[\dX]$/;
const FULL_ID = /\d{17}[\dX]/;

const LISTS = [
  {
    name: 'abnormalBusiness',
    path: API_PATHS.abnormalBusiness,
    param: 'entName',
    count: DISCLOSURE_COUNTS.abnormalBusiness,
    date: 'ListedOn',
  },
  {
    name: 'majorTaxViolation',
    path: API_PATHS.majorTaxViolation,
    param: 'entName',
    count: DISCLOSURE_COUNTS.majorTaxViolations,
    date: 'ListedOn',
  },
  {
    name: 'arrearsFunds',
    path: API_PATHS.arrearsFunds,
    param: 'entName',
    count: DISCLOSURE_COUNTS.wageArrears,
    date: 'ListedOn',
  },
  {
    name: 'nontaxRevenue',
    path: API_PATHS.nontaxRevenue,
    param: 'entNameOrSCCode',
    count: DISCLOSURE_COUNTS.nontaxArrears,
    date: 'PayableBy',
  },
  {
    name: 'bankruptcyList',
    path: API_PATHS.bankruptcyList,
    param: 'name',
    count: DISCLOSURE_COUNTS.personalBankruptcies,
    date: 'AcceptedOn',
  },
] as const;

describe('disclosure lists', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp({ seedAsOf: AS_OF });
    const login = await injectJson<Answer<LoginResult>>(t.app, {
      method: 'POST',
      url: API_PATHS.login,
      payload: { Mobile: DEMO_ACCOUNT.mobile, Password: DEMO_ACCOUNT.password },
    });
    token = login.body.Data!.JwtToken;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = (path: string, query: Record<string, string | number> = {}, bearer: string | null = token) =>
    injectJson<Answer<Page & Row>>(t.app, {
      method: 'GET',
      url: path,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    });

  describe.each(LISTS)('$name', (list) => {
    it('pages on the server, newest first, ten rows by default, every row once', async () => {
      const first = await get(list.path);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ ErrorCode: 200 });
      expect(first.body.Data!.totalCount).toBe(list.count);
      expect(first.body.Data!.list).toHaveLength(10);
      const seen: Row[] = [];
      for (let page = 1; page <= Math.ceil(list.count / 15); page++) {
        const answer = await get(list.path, { pageIndex: page, pageSize: 15 });
        expect(answer.body.Data!.totalCount).toBe(list.count);
        seen.push(...answer.body.Data!.list);
      }
      expect(seen).toHaveLength(list.count);
      expect(new Set(seen.map((r) => r.id)).size).toBe(list.count);
      expect(seen.slice(0, 10)).toEqual(first.body.Data!.list);
      const dates = seen.map((r) => r[list.date] as string);
      expect([...dates].sort().reverse()).toEqual(dates);
      // Dated back from the database's as-of day.
      expect(dates.every((d) => d <= AS_OF && dayNumber(AS_OF) - dayNumber(d) <= 3 * 366)).toBe(true);
      const past = await get(list.path, { pageIndex: 100 });
      expect(past.body.Data).toEqual({ list: [], totalCount: list.count });
    });

    it('refuses out-of-range paging and over-long keywords with 400', async () => {
      for (const query of [
        { pageIndex: 0 },
        { pageIndex: -1 },
        { pageIndex: 'x' },
        { pageSize: 51 },
        { pageIndex: 10001 },
      ]) {
        const answer = await get(list.path, query as Record<string, string | number>);
        expect(answer.status, JSON.stringify(query)).toBe(400);
        expect(answer.body.ErrorCode).toBe(400);
      }
      expect((await get(list.path, { [list.param]: '云'.repeat(201) })).status).toBe(400);
      expect((await get(list.path, { [list.param]: '云'.repeat(200) })).body.Data!.totalCount).toBe(0);
    });

    it('matches keywords literally, trimmed; an empty keyword lists everything', async () => {
      for (const keyword of ['%', '_', '\\', "' OR 1=1 --"]) {
        const answer = await get(list.path, { [list.param]: keyword });
        expect(answer.status).toBe(200);
        expect(answer.body.Data!.totalCount, keyword).toBe(0);
      }
      expect((await get(list.path, { [list.param]: '   ' })).body.Data!.totalCount).toBe(list.count);
      expect((await get(list.path, { [list.param]: '' })).body.Data!.totalCount).toBe(list.count);
    });

    it('never answers a whole ID number', async () => {
      const all = await get(list.path, { pageSize: 50 });
      expect(all.raw).not.toMatch(FULL_ID);
      for (const row of all.body.Data!.list) if ('IdNumber' in row) expect(row.IdNumber).toMatch(MASKED_ID);
    });
  });

  describe.each(LISTS.filter((l) => l.name !== 'bankruptcyList'))('$name search', (list) => {
    it('finds a subject by part of its name, and by its credit code however typed', async () => {
      const rows = (await get(list.path, { pageSize: 50 })).body.Data!.list;
      const company =
        rows.find((r) => r.CreditCode && /[A-Z]/.test(r.CreditCode as string)) ?? rows.find((r) => r.CreditCode)!;
      const name = company.EntName as string;
      const byName = await get(list.path, { [list.param]: ` ${name.slice(3, 7)} ` });
      expect(byName.body.Data!.list.map((r) => r.id)).toContain(company.id);
      expect(byName.body.Data!.list.every((r) => (r.EntName as string).includes(name.slice(3, 7)))).toBe(true);

      const code = company.CreditCode as string;
      const fullWidth = [...code].map((ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0)).join('');
      for (const typed of [code, ` ${code.toLowerCase()} `, `\u3000${fullWidth}`]) {
        const answer = await get(list.path, { [list.param]: typed });
        expect(
          answer.body.Data!.list.map((r) => r.id),
          typed,
        ).toContain(company.id);
        expect(answer.body.Data!.list.every((r) => r.CreditCode === code)).toBe(true);
      }
    });

    it('lists sole proprietors and, except abnormal business, natural persons', async () => {
      const rows: Row[] = [];
      for (let page = 1; page <= 2; page++)
        rows.push(...(await get(list.path, { pageIndex: page, pageSize: 50 })).body.Data!.list);
      const types = new Set(rows.map((r) => r.SubjectType));
      expect(types.has('法人及非法人组织')).toBe(true);
      if (list.name === 'abnormalBusiness') expect(types.has('自然人')).toBe(false);
      else {
        const person = rows.find((r) => r.SubjectType === '自然人')!;
        expect(person.CreditCode).toBe('');
        expect(person.EntName).toMatch(/^[\u4e00-\u9fa5]{2,3}$/);
      }
    });
  });

  it('answers the non-tax list and detail only with a valid login token (用户未登录！)', async () => {
    for (const bearer of [null, 'not-a-token', `${token.slice(0, -4)}AAAA`]) {
      for (const [path, query] of [
        [API_PATHS.nontaxRevenue, {}],
        [API_PATHS.nontaxDetail, { id: '1' }],
      ] as const) {
        const answer = await get(path, query, bearer);
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({ ErrorCode: 401, Data: null, Msg: MESSAGES.notLoggedInUpstream });
      }
    }
    // A token in the JwtToken header works like a bearer token.
    const header = await injectJson<Answer<Page>>(t.app, {
      method: 'GET',
      url: API_PATHS.nontaxRevenue,
      headers: { jwttoken: token },
    });
    expect(header.status).toBe(200);
  });

  it('gives a non-tax record’s details, amounts in 元, ID masked', async () => {
    const row = (await get(API_PATHS.nontaxRevenue, { pageSize: 1 })).body.Data!.list[0]!;
    const detail = await get(API_PATHS.nontaxDetail, { id: row.id });
    expect(detail.status).toBe(200);
    expect(detail.body.Data).toMatchObject({ ...row, Status: expect.stringMatching(/^(欠缴中|部分缴纳)$/) });
    expect(detail.body.Data!.Amount).toMatch(/^\d+\.\d{2}$/);
    expect(detail.body.Data!.LateFee).toMatch(/^\d+\.\d{2}$/);
    expect(detail.body.Data!.IdNumber).toMatch(MASKED_ID);
    expect(detail.raw).not.toMatch(FULL_ID);
  });

  it('gives a bankruptcy case’s details: debtor named, ID masked, court and administrator', async () => {
    const rows = (await get(API_PATHS.bankruptcyList, { pageSize: 50 }, null)).body.Data!.list;
    const row = rows[3]!;
    expect(row.CaseNo).toMatch(/^（20\d\d）闽02个破\d+号$/);
    expect(row.DebtorName).toMatch(/^[\u4e00-\u9fa5]{2,3}$/);
    const detail = await get(API_PATHS.bankruptcyDetail, { id: row.id }, null);
    expect(detail.status).toBe(200);
    expect(detail.body.Data).toMatchObject({ ...row, Court: '云州市中级人民法院' });
    expect(detail.body.Data!.Administrator).toMatch(/事务所/);
    expect(detail.body.Data!.Announcement).toContain(row.DebtorName as string);
    expect(detail.raw).not.toMatch(FULL_ID);

    const byCase = await get(API_PATHS.bankruptcyList, { name: row.CaseNo as string }, null);
    expect(byCase.body.Data!.list.map((r) => r.id)).toEqual([row.id]);
    const byName = await get(API_PATHS.bankruptcyList, { name: ` ${row.DebtorName as string} ` }, null);
    expect(byName.body.Data!.list.map((r) => r.id)).toContain(row.id);
  });

  it('answers an unknown detail id with 404 and a Chinese message', async () => {
    for (const id of ['999999', '0', 'abc', '1; DROP TABLE x']) {
      const bankruptcy = await get(API_PATHS.bankruptcyDetail, { id }, null);
      expect(bankruptcy.status).toBe(404);
      expect(bankruptcy.body).toEqual({ ErrorCode: 404, Data: null, Msg: DISCLOSURE_NOT_FOUND.bankruptcy });
      const nontax = await get(API_PATHS.nontaxDetail, { id });
      expect(nontax.status).toBe(404);
      expect(nontax.body.Msg).toBe(DISCLOSURE_NOT_FOUND.nontax);
    }
  });
});

describe('disclosure seed', () => {
  it('gives the same rows for the same seed and day, and dates them back from the day', async () => {
    const first = await buildTestApp({ seedEntities: 300, seedAsOf: AS_OF });
    const same = await buildTestApp({ seedEntities: 300, seedAsOf: AS_OF });
    const later = await buildTestApp({ seedEntities: 300, seedAsOf: '2027-03-31' });
    try {
      const page = async (app: TestApp) =>
        (
          await injectJson<Answer<Page>>(app.app, {
            method: 'GET',
            url: API_PATHS.arrearsFunds,
            query: { pageSize: '50' },
          })
        ).body.Data!;
      const a = await page(first);
      expect(await page(same)).toEqual(a);
      const b = await page(later);
      expect(b.totalCount).toBe(a.totalCount);
      expect(b.list.every((r) => (r.ListedOn as string) <= '2027-03-31')).toBe(true);
      expect(b.list[0]!.ListedOn > a.list[0]!.ListedOn).toBe(true);
    } finally {
      await Promise.all([first.close(), same.close(), later.close()]);
    }
  }, 60_000);
});
