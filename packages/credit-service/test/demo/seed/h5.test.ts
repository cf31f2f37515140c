import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { H5_DOCUMENT_TYPES } from '@credit-portal/shared';
import { buildTestApp, type TestApp } from '../../helper.js';
import { AS_OF, buildH5TestApp, type H5TestApp } from '../../routes/h5/app-support.js';

/* The H5 app's seed in the credit-service: persons, their entities and report rows, the same every time. */

let testApp: H5TestApp;

beforeAll(async () => {
  testApp = await buildH5TestApp();
});
afterAll(() => testApp?.close());

describe('the H5 seed', () => {
  it('holds persons with every accepted document, the demo person with entities, and report rows in six domains', () => {
    const { db } = testApp.app;
    const types = db.prepare('SELECT DISTINCT id_type FROM h5_persons').pluck().all();
    expect([...types].sort()).toEqual([...H5_DOCUMENT_TYPES].sort());
    const demo = db.prepare('SELECT id FROM h5_persons WHERE is_demo = 1').pluck().get() as number;
    expect(db.prepare('SELECT COUNT(*) FROM h5_person_entities WHERE person_id = ?').pluck().get(demo)).toBeGreaterThan(
      2,
    );
    const tables = db.prepare('SELECT DISTINCT table_name FROM h5_report_rows WHERE person_id = ?').pluck().all(demo);
    expect(tables).toEqual(
      expect.arrayContaining(['Household', 'SocialInsurance', 'Degree', 'TaxPayment', 'AdminPenalty', 'Honour']),
    );
    const residences = db.prepare('SELECT DISTINCT residence FROM h5_persons').pluck().all();
    expect([...residences].sort()).toEqual(['外地', '本地居住证', '本地户籍']);
  });

  it('is deterministic for a seed and day', async () => {
    const other = await buildTestApp({ seedAsOf: AS_OF });
    try {
      const dump = (app: TestApp) =>
        app.app.db
          .prepare(
            `SELECT p.name, p.id_number, r.table_name, r.row_no, r.data FROM h5_report_rows r
             JOIN h5_persons p ON p.id = r.person_id ORDER BY p.id, r.table_name, r.row_no`,
          )
          .all();
      expect(dump(other)).toEqual(dump(testApp));
    } finally {
      await other.close();
    }
  });
});
