import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '@credit-portal/shared';
import { loggerOptions } from '@credit-portal/node-common';
import { buildApp } from '../../src/app.js';
import { DEMO_ACCOUNT } from '../../src/demo/seed/index.js';
import { removeDir, tempDir } from '../helper.js';

const PHONE = '13912345678';
const ID_NUMBER = '11010519491231002X';
const EMAIL = 'zhang.san@example.com';

describe('request logs', () => {
  let app: FastifyInstance;
  let dataDir: string;
  const lines: string[] = [];

  beforeAll(async () => {
    dataDir = await tempDir();
    app = await buildApp({
      dataDir,
      seedEntities: 50,
      demo: true,
      logger: loggerOptions('debug', { write: (line: string) => lines.push(line) }),
    });
  });
  afterAll(async () => {
    await app.close();
    await removeDir(dataDir);
  });

  it('never carry a JWT, phone number, ID number or e-mail, whether in the query, a header or the body', async () => {
    const login = await app.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { Mobile: DEMO_ACCOUNT.mobile, Password: DEMO_ACCOUNT.password },
    });
    const token = (login.json() as { Data: { JwtToken: string } }).Data.JwtToken;
    await app.inject({
      method: 'GET',
      url: `${API_PATHS.profile}?JwtToken=${token}&mobile=${PHONE}&q=${ID_NUMBER}&mail=${encodeURIComponent(EMAIL)}`,
      headers: { authorization: `Bearer ${token}`, jwttoken: token },
    });
    await app.inject({ method: 'GET', url: `/no/such/${PHONE}?id=${ID_NUMBER}` });
    await app.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { Mobile: PHONE, Password: 'wrong-password-1' },
    });
    const text = lines.join('');
    expect(text).toContain(API_PATHS.profile);
    for (const secret of [token, token.split('.')[0]!, PHONE, DEMO_ACCOUNT.mobile, ID_NUMBER, EMAIL]) {
      expect(text).not.toContain(secret);
    }
  });

  it('never carry what unlocks an issued report: its number and verification code', async () => {
    const entity = (app.db.prepare('SELECT id FROM entities ORDER BY id LIMIT 1').get() as { id: number }).id;
    const { reportNumber, code } = await app.reports.issue('enterprise', { entityId: String(entity) });
    const from = lines.length;
    const verified = await app.inject({
      method: 'GET',
      url: `${API_PATHS.reportVerify}?reportNo=${reportNumber}&code=${code}`,
    });
    expect(verified.statusCode).toBe(200);
    await app.inject({ method: 'GET', url: `${API_PATHS.reportVerify}?reportNo=${reportNumber}&code=AAAAAAAA` });
    const text = lines.slice(from).join('');
    expect(text).toContain(API_PATHS.reportVerify);
    for (const secret of [reportNumber, code, 'AAAAAAAA']) expect(text).not.toContain(secret);
  });
});
