import {
  API_PATHS,
  STORAGE_KEYS,
  VISIT_LOG_APP_TOKEN,
  VISIT_LOG_EVENT_ID_PATTERN,
  VISIT_LOG_FLUSH_MS,
  VISIT_LOG_PLACEHOLDERS,
  decodeVisitLogMessage,
  type EncodedMessageBody,
  type VisitLogPayload,
  type VisitLogRecord,
} from '@credit-portal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VISIT_LOG_QUEUE_LIMIT, createVisitLogQueue, newEventId } from '@/features/visit-log/visit-log-queue';
import {
  postVisitLogs,
  retryAfterMs,
  visitLogBody,
  type SendOutcome,
  type SendResult,
} from '@/features/visit-log/send-visit-logs';
import { buildVisitRecord, createVisitLog } from '@/features/visit-log/visit-log';
import { fakeGateway } from '../../fake-gateway';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

const stored = (): { id: string; record: VisitLogRecord }[] =>
  JSON.parse(window.localStorage.getItem(STORAGE_KEYS.visitLogQueue) ?? '[]') as {
    id: string;
    record: VisitLogRecord;
  }[];

/** A sender whose answers the test scripts, recording what it was given. */
function scriptedSender(...outcomes: SendResult[]) {
  const batches: VisitLogRecord[][] = [];
  const send = vi.fn(async (records: readonly VisitLogRecord[]) => {
    batches.push([...records]);
    return outcomes.shift() ?? 'sent';
  });
  return { send, batches };
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a visit-log record', () => {
  it('carries the route code, the address, the visit time and the placeholders of spec §3', () => {
    const record = buildVisitRecord(
      { contentCode: '010501', param: '/xygs?currentTab=1' },
      new Date(2026, 2, 5, 8, 9, 7),
    );
    expect(record).toEqual({
      contentCode: '010501',
      param: '/xygs?currentTab=1',
      ipv4: VISIT_LOG_PLACEHOLDERS.ipv4,
      ipv6: VISIT_LOG_PLACEHOLDERS.ipv6,
      userid: VISIT_LOG_PLACEHOLDERS.userid,
      visitTime: '2026-03-05 08:09:07',
      visitorDevice: '1',
      visitorAppDetail: VISIT_LOG_PLACEHOLDERS.visitorAppDetail,
      eventId: expect.stringMatching(new RegExp(VISIT_LOG_EVENT_ID_PATTERN)),
    });
  });

  it('names the device by the agent unless the event says otherwise', () => {
    vi.stubGlobal('navigator', { ...window.navigator, userAgent: IPHONE });
    expect(buildVisitRecord({ contentCode: '01', param: '/index' }).visitorDevice).toBe('0');
    expect(buildVisitRecord({ contentCode: '0105', param: '/x', visitorDevice: '1' }).visitorDevice).toBe('1');
  });

  it('leaves tokens and personal query values out of the address', () => {
    const param = '/h5/gtxy?certToken=abc&name=%E6%9E%97&idCard=350203198806150240&currentTab=2';
    expect(buildVisitRecord({ contentCode: '0109', param }).param).toBe('/h5/gtxy?currentTab=2');
    expect(buildVisitRecord({ contentCode: '0109', param: '/h5/gtxy?certToken=abc' }).param).toBe('/h5/gtxy');
    // The face verification's one-time code.
    expect(buildVisitRecord({ contentCode: '0109', param: '/h5/gtxy?code=abc' }).param).toBe('/h5/gtxy');
    expect(buildVisitRecord({ contentCode: '01', param: '/newszxy?LoginToken=t' }).param).toBe('/newszxy');
    // A report's verification link: its number and code unlock the whole report.
    expect(
      buildVisitRecord({ contentCode: '0104', param: '/xyfw/verify?no=XYBG20261205000001&code=AB12CD34' }).param,
    ).toBe('/xyfw/verify');
  });

  it('is cut to the lengths the intake accepts', () => {
    const record = buildVisitRecord({ contentCode: 'c'.repeat(100), param: `/p?q=${'x'.repeat(5000)}` });
    expect(record.contentCode).toHaveLength(64);
    expect(record.param).toHaveLength(2048);
  });

  it('goes out as the encoded message of the intake: the app token and the records', () => {
    const record = buildVisitRecord({ contentCode: '01', param: '/index' });
    const body = JSON.parse(visitLogBody([record])) as { message: string };
    expect(decodeVisitLogMessage(body.message)).toEqual({ appToken: 'credit-portal-web', messages: [record] });
  });
});

describe('the visit-log queue', () => {
  it('commits each record to local storage at once, oldest first', () => {
    const log = createVisitLog({ send: scriptedSender().send });
    log.log({ contentCode: '01', param: '/index' });
    log.log({ contentCode: '0103', param: '/xydt' });
    expect(stored().map((entry) => entry.record.param)).toEqual(['/index', '/xydt']);
  });

  it('keeps at most the intake limit, dropping the oldest', () => {
    const queue = createVisitLogQueue();
    for (let i = 0; i < VISIT_LOG_QUEUE_LIMIT + 5; i++)
      queue.push(buildVisitRecord({ contentCode: '01', param: `/${i}` }));
    const entries = queue.entries();
    expect(entries).toHaveLength(VISIT_LOG_QUEUE_LIMIT);
    expect(entries[0]!.record.param).toBe('/5');
  });

  it('survives a broken stored value', () => {
    window.localStorage.setItem(STORAGE_KEYS.visitLogQueue, '{not json');
    const queue = createVisitLogQueue();
    queue.push(buildVisitRecord({ contentCode: '01', param: '/index' }));
    expect(queue.entries()).toHaveLength(1);
  });
});

describe('sending the queue', () => {
  it('removes records only once the gateway accepted them', async () => {
    const { send, batches } = scriptedSender('failed', 'sent');
    let now = 0;
    const log = createVisitLog({ send, now: () => now });
    log.log({ contentCode: '01', param: '/index' });
    log.log({ contentCode: '0104', param: '/zcfg' });

    await log.flush();
    expect(batches).toHaveLength(1);
    expect(stored()).toHaveLength(2);

    // A failure backs off: the next tick does not call again straight away.
    await log.flush();
    expect(send).toHaveBeenCalledTimes(1);
    now += 60_000;
    await log.flush();
    expect(send).toHaveBeenCalledTimes(2);
    expect(batches[1]!.map((r) => r.param)).toEqual(['/index', '/zcfg']);
    expect(stored()).toEqual([]);
  });

  it('keeps records logged while a batch was in flight', async () => {
    let release: (outcome: SendOutcome) => void = () => undefined;
    const send = vi.fn(() => new Promise<SendOutcome>((resolve) => (release = resolve)));
    const log = createVisitLog({ send });
    log.log({ contentCode: '01', param: '/index' });
    const flushing = log.flush();
    log.log({ contentCode: '0103', param: '/xydt' });
    // A second flush while one is in flight joins it instead of sending the same records again.
    void log.flush();
    expect(send).toHaveBeenCalledTimes(1);
    release('sent');
    await flushing;
    expect(stored().map((entry) => entry.record.param)).toEqual(['/xydt']);
  });

  it('drops a batch the gateway refused as malformed, so the queue keeps moving', async () => {
    const { send } = scriptedSender('rejected');
    const log = createVisitLog({ send });
    log.log({ contentCode: '01', param: '/index' });
    await log.flush();
    expect(stored()).toEqual([]);
  });

  it('sends about every VISIT_LOG_FLUSH_MS once started, and stops', async () => {
    vi.useFakeTimers();
    const { send } = scriptedSender();
    const log = createVisitLog({ send });
    const stop = log.start();
    log.log({ contentCode: '01', param: '/index' });
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(VISIT_LOG_FLUSH_MS);
    expect(send).toHaveBeenCalledTimes(1);
    stop();
    log.log({ contentCode: '01', param: '/index' });
    await vi.advanceTimersByTimeAsync(VISIT_LOG_FLUSH_MS * 3);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('hands the queue to sendBeacon when the page is hidden, and forgets what the browser took', () => {
    const beacon = vi.fn(() => true);
    const log = createVisitLog({ send: scriptedSender().send, beacon });
    const stop = log.start();
    log.log({ contentCode: '01', param: '/index' });
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(stored()).toEqual([]);

    // A beacon the browser refuses leaves the records for the next visit.
    beacon.mockReturnValue(false);
    log.log({ contentCode: '0103', param: '/xydt' });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beacon).toHaveBeenCalledTimes(2);
    expect(stored()).toHaveLength(1);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    stop();
  });

  it('splits a long queue into requests small enough for keepalive and beacons', async () => {
    const { send, batches } = scriptedSender();
    const log = createVisitLog({ send });
    for (let i = 0; i < 60; i++) log.log({ contentCode: '01', param: `/index?q=${'长'.repeat(300)}${i}` });
    await log.flush();
    expect(batches[0]!.length).toBeGreaterThan(0);
    expect(batches[0]!.length).toBeLessThan(60);
    expect(visitLogBody(batches[0]!).length).toBeLessThan(64 * 1024);
    expect(stored()).toHaveLength(60 - batches[0]!.length);
  });

  it('keeps the records while the gateway answers 503, waits its Retry-After, then sends them again', async () => {
    const { send, batches } = scriptedSender({ outcome: 'failed', retryAfterMs: 7000 }, 'sent');
    const beacon = vi.fn(() => true);
    let now = 0;
    const log = createVisitLog({ send, beacon, now: () => now });
    const stop = log.start();
    log.log({ contentCode: '01', param: '/index' });
    await log.flush();
    expect(stored()).toHaveLength(1);

    // Hidden meanwhile: no beacon into a gateway that is refusing; the records wait in local storage.
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).not.toHaveBeenCalled();
    now = 6000;
    await log.flush();
    expect(send).toHaveBeenCalledTimes(1);
    now = 7000;
    await log.flush();
    expect(batches[1]!.map((r) => r.param)).toEqual(['/index']);
    expect(stored()).toEqual([]);
    stop();
  });
});

/** The records of the intake posts a stubbed fetch was given, one list per request. */
function postedRecords(fetchMock: ReturnType<typeof vi.fn>): VisitLogRecord[][] {
  return fetchMock.mock.calls.map(([, init]) => {
    const body = JSON.parse(String((init as RequestInit).body)) as EncodedMessageBody;
    return (decodeVisitLogMessage(body.message) as VisitLogPayload<VisitLogRecord>).messages;
  });
}

describe('event ids, for exactly-once delivery', () => {
  const EVENT_ID = new RegExp(VISIT_LOG_EVENT_ID_PATTERN);

  it('are made with each record and kept in the stored queue', () => {
    const log = createVisitLog({ send: scriptedSender().send });
    log.log({ contentCode: '01', param: '/index' });
    log.log({ contentCode: '0103', param: '/xydt' });
    const entries = stored();
    expect(entries.map((entry) => entry.record.eventId)).toEqual(entries.map((entry) => entry.id));
    for (const entry of entries) expect(entry.id).toMatch(EVENT_ID);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(2);
  });

  it('go out again unchanged when a batch is resent after its answer was lost, also after a reload', async () => {
    // The first post's answer never arrives (a reset), the second is refused with 503, the third is taken.
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('{}', { status: 503, headers: { 'Retry-After': '1' } }))
      .mockResolvedValue(new Response('{}', { status: 202 }));
    vi.stubGlobal('fetch', fetchMock);
    let now = 0;
    const log = createVisitLog({ now: () => now });
    log.log({ contentCode: '01', param: '/index' });
    log.log({ contentCode: '0104', param: '/zcfg' });
    await log.flush();
    now += 60_000;
    await log.flush();
    // The page is reloaded: a new sender reads the queue from local storage.
    const reloaded = createVisitLog({ now: () => now });
    await reloaded.flush();

    const posts = postedRecords(fetchMock);
    expect(posts).toHaveLength(3);
    const ids = posts.map((records) => records.map((record) => record.eventId));
    for (const id of ids[0]!) expect(id).toMatch(EVENT_ID);
    expect(ids[1]).toEqual(ids[0]);
    expect(ids[2]).toEqual(ids[0]);
    expect(stored()).toEqual([]);
  });

  it('are sent by the beacon too', () => {
    const beacon = vi.fn((_records: readonly VisitLogRecord[]) => true);
    const log = createVisitLog({ send: scriptedSender().send, beacon });
    log.log({ contentCode: '01', param: '/index' });
    const [queued] = stored();
    log.flushOnHide();
    expect(beacon.mock.calls[0]![0].map((record) => record.eventId)).toEqual([queued!.id]);
  });

  it('come from the queue id for records queued before event ids existed', async () => {
    const { eventId: _none, ...old } = buildVisitRecord({ contentCode: '01', param: '/index' });
    window.localStorage.setItem(
      STORAGE_KEYS.visitLogQueue,
      JSON.stringify([
        { id: 'lz3k9q1a-0-x7y8z9', record: old },
        { id: 'x', record: { ...old, param: '/short-id' } },
      ]),
    );
    const { send, batches } = scriptedSender('failed', 'sent');
    let now = 0;
    const log = createVisitLog({ send, now: () => now });
    await log.flush();
    now += 60_000;
    await log.flush();
    expect(batches.map((batch) => batch.map((record) => record.eventId))).toEqual([
      ['lz3k9q1a-0-x7y8z9', undefined],
      ['lz3k9q1a-0-x7y8z9', undefined],
    ]);
  });

  it('are UUIDv7s, ordered as they were made, so the store appends them', () => {
    const ids = Array.from({ length: 500 }, () => newEventId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('are still well-formed and distinct without crypto.randomUUID (plain-HTTP pages) or Web Crypto at all', () => {
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    const withRandomValues = Array.from({ length: 200 }, () => newEventId());
    vi.stubGlobal('crypto', undefined);
    const withoutCrypto = Array.from({ length: 200 }, () => newEventId());
    for (const ids of [withRandomValues, withoutCrypto]) {
      for (const id of ids) expect(id).toMatch(EVENT_ID);
      expect(new Set(ids).size).toBe(ids.length);
    }
    expect(withRandomValues[0]).toHaveLength(36);
  });
});

describe('the intake answer', () => {
  it('reads 202 as sent, 400 as rejected, 503 with Retry-After as a wait, anything else as failed', async () => {
    const answers = [
      new Response('{}', { status: 202 }),
      new Response('{}', { status: 400 }),
      new Response('{}', { status: 503, headers: { 'Retry-After': '5' } }),
      new Response('{}', { status: 502 }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift()!),
    );
    const record = buildVisitRecord({ contentCode: '01', param: '/index' });
    expect(await postVisitLogs([record])).toBe('sent');
    expect(await postVisitLogs([record])).toBe('rejected');
    expect(await postVisitLogs([record])).toEqual({ outcome: 'failed', retryAfterMs: 5000 });
    expect(await postVisitLogs([record])).toBe('failed');
  });

  it('reads Retry-After as seconds or a date, and caps it', () => {
    const now = Date.parse('2026-03-05T08:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Thu, 05 Mar 2026 08:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('86400', now)).toBe(600_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});

/*
 * The sender with `fetch` stubbed at its edge (test/fake-gateway.ts answers the intake 202, as the
 * gateway does). That the gateway accepts this body, refuses a record whose visitTime is no real
 * moment with 400 and forwards the rest is tested against it in packages/server/test/visit-log/visit-log.test.ts;
 * a browser's visits accepted by the built product: e2e/portal.e2e.ts.
 */
describe('the sender against the intake', () => {
  it('posts the encoded message, is answered 202, and the records leave the queue', async () => {
    const gateway = fakeGateway();
    const log = createVisitLog({ send: (records) => postVisitLogs(records) });
    log.log({ contentCode: '0103', param: '/xydt/list?page=2' });
    log.log({ contentCode: '010501', param: '/xygs?currentTab=1' });
    log.log({ contentCode: '0105', param: '/XygsDetailsXK?id=7', visitorDevice: '1' });
    await log.flush();
    // Sent records leave the queue only after the gateway's 202.
    expect(window.localStorage.getItem(STORAGE_KEYS.visitLogQueue)).toBe('[]');
    const [call] = gateway.calls(API_PATHS.visitLog);
    expect(call).toMatchObject({ method: 'POST' });
    const decoded = decodeVisitLogMessage(
      (call!.body as EncodedMessageBody).message,
    ) as VisitLogPayload<VisitLogRecord>;
    expect(decoded.appToken).toBe(VISIT_LOG_APP_TOKEN);
    expect(decoded.messages.map((record) => [record.contentCode, record.param, record.visitorDevice])).toEqual([
      ['0103', '/xydt/list?page=2', '1'],
      ['010501', '/xygs?currentTab=1', '1'],
      ['0105', '/XygsDetailsXK?id=7', '1'],
    ]);
  });

  it('is told when the gateway refuses a malformed record, and keeps records when it cannot reach it', async () => {
    const broken = { ...buildVisitRecord({ contentCode: '01', param: '/index' }), visitTime: '2026-13-45 99:00:00' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { ok: false, code: 'bad_request', message: '访问日志记录格式有误：#0', data: { accepted: 0, rejected: [] } },
          { status: 400 },
        ),
      ),
    );
    expect(await postVisitLogs([broken])).toBe('rejected');

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('fetch failed'))),
    );
    const log = createVisitLog({ send: (records) => postVisitLogs(records) });
    log.log({ contentCode: '01', param: '/index' });
    await log.flush();
    const kept = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.visitLogQueue) ?? '[]') as unknown[];
    expect(kept).toHaveLength(1);
  });
});
