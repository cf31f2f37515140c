import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  SOLE_PROPRIETOR_MARK,
  SPECIAL_REPORT_AREAS,
  type EntityDetailInfo,
  type PublicListKey,
  type ReportVerifyOutcome,
  type ThirdPartyReport,
} from '@credit-portal/shared';
import { DEFAULT_SEED, DEFAULT_SEED_ENTITIES } from '../../src/db/dataset.js';
import { addMonths, localToday } from '../../src/lib/dates.js';
import { createServicesRepository } from '../../src/repositories/services.js';
import { DEMO_ACCOUNT } from '../../src/demo/seed/index.js';
import { buildTestApp, injectJson, removeDir, tempDir, type TestApp, type Answer } from '../helper.js';
import { verifyOffline } from '../reports/offline.js';
import { compact, pdfText } from '../routes/services/pdf-text.js';

/*
 * An entity's standing on the portal's public lists, as the details page, the enterprise report
 * and the 专项信用报告 show it — one query for the three. The three companies are the demo data
 * set's (the default seed, created on 2026-12-05) that a walk found listed on the list pages yet
 * described as clean by their details and reports.
 */

const AS_OF = '2026-12-05';

/** What each company is on, as the list pages publish it. */
const CASES: readonly {
  name: string;
  list: PublicListKey;
  label: string;
  source: string;
  /** The list page's call. */
  page: string;
  listedOn: string;
  /** Words of the record that the PDF must print. */
  words: string;
}[] = [
  {
    name: '青屿区德光进出口',
    list: 'abnormal',
    label: '经营异常名录',
    source: '云州市市场监督管理局',
    page: API_PATHS.abnormalBusiness,
    listedOn: '2026-11-13',
    words: '通过登记的住所',
  },
  {
    name: '通德环保',
    list: 'majorTax',
    label: '重大税收违法失信主体',
    source: '国家税务总局云州市税务局',
    page: API_PATHS.majorTaxViolation,
    listedOn: '2026-12-04',
    words: '偷税',
  },
  {
    name: '鸿顺咖啡馆',
    list: 'wageArrears',
    label: '拖欠农民工工资失信联合惩戒对象名单',
    source: '云州市人力资源和社会保障局',
    page: API_PATHS.arrearsFunds,
    listedOn: '2026-12-01',
    words: '拖欠58名农民工工资',
  },
];

let t: TestApp;
let portal: string;
let work: string;
let token: string;

async function call<T>(method: 'GET' | 'POST', url: string, options: { token?: string; body?: object } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return injectJson<Answer<T>>(t.app, { method, url, headers, payload: options.body });
}

/** The one seeded entity whose name contains `name`, and whether it is a sole proprietor. */
function entityNamed(name: string): { id: number; fullName: string; creditCode: string; soleProprietor: boolean } {
  const rows = t.app.db
    .prepare(
      `SELECT id, name AS fullName, credit_code AS creditCode, ent_type AS entType FROM entities WHERE name LIKE ?`,
    )
    .all(`%${name}%`) as { id: number; fullName: string; creditCode: string; entType: string }[];
  expect(rows, name).toHaveLength(1);
  const { entType, ...entity } = rows[0]!;
  return { ...entity, soleProprietor: entType.includes(SOLE_PROPRIETOR_MARK) };
}

/** Issues a report and reads it back: its text (white space removed), number, code and bytes. */
async function issue(kind: 'enterprise' | 'special', entityId: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: kind === 'special' ? API_PATHS.specialReport : API_PATHS.enterpriseReport,
    payload: {
      entityId: String(entityId),
      periodFrom: addMonths(localToday(), -36),
      periodTo: localToday(),
      ...(kind === 'special' ? { areas: SPECIAL_REPORT_AREAS.map((area) => area.area) } : {}),
    },
    headers: kind === 'special' ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  const text = compact(await pdfText(response.rawPayload));
  const code = /验证码([A-Z2-9]{8})/.exec(text)?.[1] ?? '';
  return { text, code, reportNo: String(response.headers['x-report-number']), pdf: response.rawPayload };
}

beforeAll(async () => {
  t = await buildTestApp({ seed: DEFAULT_SEED, seedEntities: DEFAULT_SEED_ENTITIES, seedAsOf: AS_OF });
  portal = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace(/\/$/, '');
  work = await tempDir();
  const login = await call<{ JwtToken: string }>('POST', API_PATHS.login, {
    body: { Mobile: DEMO_ACCOUNT.mobile, Password: DEMO_ACCOUNT.password },
  });
  token = login.body.Data!.JwtToken;
  // The demo account acts for the three, so that it may ask for their 专项信用报告.
  const owner = `user:${String(t.app.db.prepare('SELECT id FROM users WHERE mobile = ?').pluck().get(DEMO_ACCOUNT.mobile))}`;
  const services = createServicesRepository(t.app.db, t.app.site);
  for (const { name } of CASES) services.linkEntity(owner, entityNamed(name).id, '经办人');
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (work) await removeDir(work);
});

describe.each(CASES)('$name on $label', (listed) => {
  it('is on that list in the details, with its publisher, date and state, every other list searched', async () => {
    const entity = entityNamed(listed.name);
    const { status, body } = await call<EntityDetailInfo>('GET', `${API_PATHS.entityDetailInfo}?id=${entity.id}`, {
      token,
    });
    expect(status).toBe(200);
    const lists = body.Data!.PublicLists;
    const list = lists.find((item) => item.Key === listed.list)!;
    expect(list).toMatchObject({ Label: listed.label, Source: listed.source, Adverse: true });
    expect(list.Entries).toHaveLength(1);
    expect(list.Entries[0]).toMatchObject({ ListedOn: listed.listedOn, State: '列入中', InForce: true });
    expect(list.Entries[0]!.Matter).toContain(listed.words);
    // Every list the portal publishes is searched; personal bankruptcy only for a sole proprietor.
    const keys = ['abnormal', 'majorTax', 'wageArrears', 'nontax', 'bankruptcy', 'promiseKept', 'hetao'].filter(
      (key) => key !== 'bankruptcy' || entity.soleProprietor,
    );
    expect(lists.map((item) => item.Key)).toEqual(keys);
    // The list page publishes the same record.
    const page = await call<{ list: { EntName: string; ListedOn: string }[] }>(
      'GET',
      `${listed.page}?entName=${encodeURIComponent(entity.fullName)}`,
    );
    expect(page.body.Data!.list).toEqual([
      expect.objectContaining({ EntName: entity.fullName, ListedOn: listed.listedOn }),
    ]);
  });

  it.each(['enterprise', 'special'] as const)(
    'is printed by the signed %s report with the 查询范围, which still verifies online and offline',
    async (kind) => {
      const entity = entityNamed(listed.name);
      const { text, code, reportNo, pdf } = await issue(kind, entity.id);
      expect(text).toContain(compact(`${listed.label}（发布单位：${listed.source}）`));
      expect(text).toContain(listed.words);
      expect(text).toContain(listed.listedOn);
      expect(text).toContain('列入中');
      // Every heading keeps a Chinese ordinal, however many lists there are.
      expect(text).not.toMatch(/\d+、/);
      const scope = /查询范围：(.*?)。/.exec(text)?.[1] ?? '';
      for (const searched of [
        '行政许可',
        '行政处罚',
        '经营异常名录',
        '重大税收违法失信主体',
        '拖欠农民工工资失信联合惩戒对象名单',
        '非税收入欠缴信息',
        '守信践诺公示',
        '信用河套企业名录',
      ]) {
        expect(scope).toContain(searched);
      }
      expect(scope.includes('个人破产信息')).toBe(entity.soleProprietor);
      if (kind === 'special') {
        expect(text).toContain(`截至报告生成时被列入${listed.label}1项`);
        expect(text).not.toContain('未被列入严重失信主体名单，截至报告生成时未被列入上述公示名单');
      }

      const verified = await call<ReportVerifyOutcome>(
        'GET',
        `${API_PATHS.reportVerify}?reportNo=${reportNo}&code=${code}`,
      );
      expect(verified.body.Data!.Verified).toBe(true);
      expect(verified.body.Data!.Report!.Summary).toContain(`${listed.label} 1 条`);
      const third = await call<ThirdPartyReport>(
        'GET',
        `${API_PATHS.thirdPartyCheck}?creditCode=${entity.creditCode}&reportNo=${reportNo}&code=${code}`,
      );
      const section = third.body.Data!.Sections.find((item) => item.title.startsWith(listed.label))!;
      expect(section.rows).toHaveLength(1);
      expect(section.rows[0]).toContain(listed.listedOn);

      const offline = await verifyOffline(pdf, path.join(work, `${kind}-${entity.id}`), portal);
      expect(offline.output).toContain('Verified OK');
      expect(offline.status).toBe(0);
    },
  );
});
