import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS, encodeVisitLogMessage, type ForwardedVisitLog } from '@credit-portal/shared';
import { buildTestApp, injectJson, type TestApp } from '../../helper.js';
import { clearVisitLogs, storedVisitLogs } from './stored-visit-logs.js';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await buildTestApp({ seedEntities: 100 });
  app = testApp.app;
});
afterAll(() => testApp.close());
beforeEach(() => {
  clearVisitLogs(app.db);
});

const record = (eventId: string, overrides: Partial<ForwardedVisitLog> = {}): ForwardedVisitLog => ({
  contentCode: '0103',
  param: '/xydt/list?id=1001',
  ipv4: '203.0.113.7',
  ipv6: '::',
  userid: '',
  visitTime: '2026-11-02 09:30:00',
  visitorDevice: '0',
  visitorAppDetail: 'Safari 18.1',
  eventId,
  receivedLogTime: '2026-11-02 09:30:01',
  batchHandleTime: '2026-11-02 09:30:03',
  ...overrides,
});

const send = (message: string) =>
  injectJson<{ ErrorCode: number; Data: { received: number; stored: number } | null; Msg: string }>(app, {
    method: 'POST',
    url: API_PATHS.visitLog,
    payload: { message },
  });

const batch = (messages: unknown[]) => encodeVisitLogMessage({ appToken: 'credit-portal-gateway', messages });

describe('POST /visitstatics/EncodeMsgs', () => {
  it('stores a batch and answers how many were received and stored', async () => {
    const { status, body } = await send(batch([record('e-1'), record('e-2'), record('e-3')]));
    expect(status).toBe(200);
    expect(body).toEqual({ ErrorCode: 200, Data: { received: 3, stored: 3 }, Msg: 'ok' });
    const row = app.db.prepare('SELECT * FROM visit_logs WHERE event_id = ?').get('e-2') as Record<string, unknown>;
    expect(row).toMatchObject({
      app_token: 'credit-portal-gateway',
      content_code: '0103',
      visitor_device: '0',
      deliveries: 1,
    });
  });

  it('stores each event once however often it is delivered, and counts the deliveries', async () => {
    await send(batch([record('a'), record('b')]));
    const again = await send(batch([record('b'), record('c'), record('c')]));
    expect(again.body.Data).toEqual({ received: 3, stored: 1 });
    expect(storedVisitLogs(app.db)).toEqual({ total: 5, distinct: 3, eventIds: ['a', 'b', 'c'] });
  });

  it('accepts an empty batch', async () => {
    expect((await send(batch([]))).body).toEqual({ ErrorCode: 200, Data: { received: 0, stored: 0 }, Msg: 'ok' });
  });

  it('rejects a broken message as a whole with 400 and stores nothing', async () => {
    const cases: [string, RegExp][] = [
      ['not base64!', /Base64/],
      [btoa('{"appToken":'), /Base64 编码的 JSON/],
      [btoa(JSON.stringify({ messages: [] })), /appToken/],
      [btoa(JSON.stringify({ appToken: 't', messages: 'x' })), /messages/],
      [batch([record('ok-1'), record('bad', { visitTime: '2026/11/02' })]), /第 2 条访问日志 visitTime/],
      [batch([record('bad', { visitTime: '2026-02-30 10:00:00' })]), /visitTime 不是有效的时间/],
      [batch([record('bad', { visitorDevice: '2' as '0' })]), /第 1 条访问日志 visitorDevice/],
      [batch([{ ...record('bad'), eventId: undefined }]), /缺少参数 eventId/],
    ];
    for (const [message, reason] of cases) {
      const { status, body } = await send(message);
      expect(status, message).toBe(400);
      expect(body.ErrorCode).toBe(400);
      expect(body.Data).toBeNull();
      expect(body.Msg).toMatch(/^参数错误：/);
      expect(body.Msg).toMatch(reason);
    }
    expect(storedVisitLogs(app.db)).toEqual({
      total: 0,
      distinct: 0,
      eventIds: [],
    });
  });

  it('rejects a body without message', async () => {
    const { status, body } = await injectJson(app, { method: 'POST', url: API_PATHS.visitLog, payload: { msg: 'x' } });
    expect(status).toBe(400);
    expect(body).toEqual({ ErrorCode: 400, Data: null, Msg: '参数错误：缺少参数 message' });
  });
});

describe('a 500-event batch', () => {
  const full = (prefix: string) => Array.from({ length: 500 }, (_, i) => record(`${prefix}-${i}`));

  it('is stored whole in one transaction', async () => {
    const { status, body } = await send(batch(full('whole')));
    expect(status).toBe(200);
    expect(body.Data).toEqual({ received: 500, stored: 500 });
    const { count } = app.db
      .prepare("SELECT COUNT(*) AS count FROM visit_logs WHERE event_id LIKE 'whole-%'")
      .get() as {
      count: number;
    };
    expect(count).toBe(500);
  });

  it('or not at all: a statement failing at the 400th event leaves none of the 500 stored', async () => {
    // A trigger stands in for any storage failure in the middle of a batch (disk full, a constraint).
    app.db.exec(`CREATE TEMP TRIGGER visit_log_poison BEFORE INSERT ON visit_logs
      WHEN NEW.event_id = 'atomic-399' BEGIN SELECT RAISE(ABORT, 'poisoned'); END`);
    try {
      const { status } = await send(batch(full('atomic')));
      expect(status).toBeGreaterThanOrEqual(500);
      const { count } = app.db
        .prepare("SELECT COUNT(*) AS count FROM visit_logs WHERE event_id LIKE 'atomic-%'")
        .get() as {
        count: number;
      };
      expect(count).toBe(0);
    } finally {
      app.db.exec('DROP TRIGGER temp.visit_log_poison');
    }
    // The sender's retry of the same batch then stores it whole, once.
    const retried = await send(batch(full('atomic')));
    expect(retried.body.Data).toEqual({ received: 500, stored: 500 });
  });
});
