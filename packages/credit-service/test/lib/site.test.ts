import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityDetailRepository } from '../../src/repositories/entity-details.js';
import { REVIEW_PAGE_PATH } from '../../src/review/review-page.js';
import { buildApp } from '../../src/app.js';
import { DISTRICTS } from '../../src/demo/place.js';
import { entity } from '../factories.js';
import { buildTestApp, removeDir, tempDir, TEST_PASSWORD_HASHING, type TestApp } from '../helper.js';
import { compact, pdfText } from '../routes/services/pdf-text.js';

/*
 * The site's name, city and issuing centre are configuration (lib/site.ts): a service configured
 * for another city says that city's names on its pages, reports and mail, and runs without the
 * demo's place on a database of its own.
 */

const SITE = { siteName: '信用测试州', cityName: '测试市', centreName: '测试市信用中心' };

/** The header's display name, decoded from its RFC 2047 words. */
function decodedHeader(eml: string, name: string): string {
  const line = new RegExp(`^${name}: (.*(?:\\n[ \\t].*)*)`, 'm').exec(eml)?.[1] ?? '';
  return line
    .replace(/\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_all, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

describe('by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('names the demo city’s registering districts, from the regions the seed wrote', () => {
    const details = createEntityDetailRepository(t.app.db, t.app.site);
    const inRegion = t.app.db.prepare('SELECT CAST(MIN(id) AS TEXT) FROM entities WHERE region_code = ?').pluck();
    for (const district of DISTRICTS) {
      const id = inRegion.get(district.regionCode) as string | null;
      expect(id, district.name).not.toBeNull();
      expect(details.baseInfo(id!)).toMatchObject({
        District: `云州市${district.name}`,
        RegAuthority: `云州市${district.name}市场监督管理局`,
      });
    }
  });
});

describe('a service configured for another city', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ site: SITE });
  });
  afterAll(() => t.close());

  it('names its centre on the review page', async () => {
    const page = await t.app.inject({ method: 'GET', url: REVIEW_PAGE_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('测试市信用中心 · 业务审核');
    expect(page.body).not.toContain('云州');
  });

  it('issues and signs reports in its centre’s name, and publishes its keys under it', async () => {
    const entityId = String(t.app.db.prepare('SELECT MIN(id) FROM entities').pluck().get());
    const { pdf } = await t.app.reports.issue('enterprise', { entityId });
    const text = compact(await pdfText(pdf));
    expect(text).toContain('本报告由测试市信用中心根据各部门归集');
    expect(text).toContain('本报告经测试市信用中心以SM2电子签名');
    expect(text).not.toContain('云州市公共信用信息中心');
    const keys = await t.app.inject({ method: 'GET', url: '/.well-known/credit-report-keys.json' });
    expect(keys.json()).toMatchObject({ Data: { issuer: '测试市信用中心' } });
  });

  it('mails from its site’s name when MAIL_FROM is not set', async () => {
    await t.app.mailer.send({ to: 'someone@example.org', subject: '测试', text: '测试', attachments: [] });
    const outbox = path.join(t.dataDir, 'outbox');
    const eml = (await fs.readdir(outbox)).find((name) => name.endsWith('.eml'));
    const from = decodedHeader(await fs.readFile(path.join(outbox, eml!), 'utf8'), 'From');
    expect(from).toContain('信用测试州');
    expect(from).toContain('<noreply@xyyz.example>');
  });
});

describe('without the demo, on an empty database', () => {
  let dataDir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    dataDir = await tempDir();
    app = await buildApp({ dataDir, demo: false, passwordHashing: TEST_PASSWORD_HASHING, site: SITE });
  });
  afterAll(async () => {
    await app.close();
    await removeDir(dataDir);
  });

  it('knows no region of the demo’s city, and names the registering district from the regions table or the city alone', () => {
    expect(app.db.prepare('SELECT COUNT(*) FROM regions').pluck().get()).toBe(0);
    entity(app.db, { id: 1, name: '测试甲有限公司', regionCode: '999901' });
    entity(app.db, { id: 2, name: '测试乙有限公司', regionCode: '999902' });
    app.db.prepare("INSERT INTO regions (region_code, name) VALUES ('999902', '新区')").run();
    const details = createEntityDetailRepository(app.db, app.site);
    expect(details.baseInfo('1')).toMatchObject({ District: '测试市', RegAuthority: '测试市市场监督管理局' });
    expect(details.baseInfo('2')).toMatchObject({ District: '测试市新区', RegAuthority: '测试市新区市场监督管理局' });
  });
});
