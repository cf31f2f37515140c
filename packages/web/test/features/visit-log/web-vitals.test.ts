import {
  STORAGE_KEYS,
  VISIT_LOG_APP_TOKEN,
  WEB_VITALS_PER_RECORD,
  decodeVisitLogMessage,
  type EncodedMessageBody,
  type VisitLogPayload,
  type VisitLogRecord,
} from '@credit-portal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createVisitLog } from '@/features/visit-log/visit-log';
import {
  startWebVitals,
  vitalSection,
  webVitalSample,
  type VitalReport,
  type WebVitalsModule,
} from '@/features/visit-log/web-vitals';

// The library's edge: each on* function hands its callback to the test, which reports metrics through it.
const reporters = vi.hoisted(() => new Map<string, (metric: { name: string; value: number; id: string }) => void>());
vi.mock('web-vitals', () => {
  const on = (name: string) => (report: (metric: { name: string; value: number; id: string }) => void) =>
    reporters.set(name, report);
  return { onLCP: on('LCP'), onINP: on('INP'), onCLS: on('CLS'), onFCP: on('FCP'), onTTFB: on('TTFB') };
});

/** Reports a metric as web-vitals does (its callback with name, value and the instance id). */
const report = (metric: VitalReport) => {
  const callback = reporters.get(metric.name);
  if (!callback) throw new Error(`web-vitals has no ${metric.name} callback`);
  callback(metric);
};

const now = () => Promise.resolve();
const immediately = (task: () => void) => {
  task();
  return () => undefined;
};

/** What fetch posted to the intake: the records of each request, decoded as the gateway decodes them. */
function stubIntake() {
  const requests: VisitLogRecord[][] = [];
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const { message } = JSON.parse(String(init.body)) as EncodedMessageBody;
    const payload = decodeVisitLogMessage(message) as VisitLogPayload<VisitLogRecord>;
    expect(payload.appToken).toBe(VISIT_LOG_APP_TOKEN);
    requests.push(payload.messages);
    return new Response(null, { status: 202 });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, requests };
}

const storedVitals = (): unknown[] =>
  JSON.parse(window.localStorage.getItem(`${STORAGE_KEYS.visitLogQueue}.webVitals`) ?? '[]') as unknown[];

beforeEach(() => {
  window.localStorage.clear();
  reporters.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('real-user Web Vitals', () => {
  it('load web-vitals when scheduled, and join the next batch of visit records instead of a request of their own', async () => {
    const { fetch, requests } = stubIntake();
    const log = createVisitLog();
    let section: 'home' | null = null;
    let loadLater: (() => void) | undefined;
    const stop = startWebVitals({
      record: (id, sample) => log.logVital(id, sample),
      section: () => section,
      schedule: (task) => {
        loadLater = task;
        return () => undefined;
      },
    });
    // Nothing of the library before the page is idle.
    await now();
    expect(reporters.size).toBe(0);
    section = 'home';
    loadLater?.();
    await vi.waitFor(() => expect(reporters.size).toBe(5));

    log.log({ contentCode: '01', param: '/index' });
    await log.flush();
    expect(requests).toHaveLength(1);

    report({ name: 'TTFB', value: 412.6, id: 'v5-1-1' });
    report({ name: 'FCP', value: 1180.2, id: 'v5-1-2' });
    report({ name: 'LCP', value: 2310.9, id: 'v5-1-3' });
    report({ name: 'CLS', value: 0.041234, id: 'v5-1-4' });
    report({ name: 'INP', value: 168, id: 'v5-1-5' });
    expect(storedVitals()).toHaveLength(5);

    // Only samples queued: no request at all, however often the queue is flushed.
    await log.flush();
    await log.flush();
    expect(fetch).toHaveBeenCalledTimes(1);

    // The next navigation's record takes them along, in the same request.
    log.log({ contentCode: '0103', param: '/xydt?id=7&name=张三' });
    await log.flush();
    expect(fetch).toHaveBeenCalledTimes(2);
    const [record] = requests[1]!;
    expect(record).toMatchObject({ contentCode: '0103' });
    expect(record!.vitals).toEqual([
      { name: 'TTFB', value: 413, section: 'home' },
      { name: 'FCP', value: 1180, section: 'home' },
      { name: 'LCP', value: 2311, section: 'home' },
      { name: 'CLS', value: 0.0412, section: 'home' },
      { name: 'INP', value: 168, section: 'home' },
    ]);
    // No identifiers: just metric, value and section — no metric id, address, query or event id.
    for (const sample of record!.vitals!) expect(Object.keys(sample).sort()).toEqual(['name', 'section', 'value']);
    expect(JSON.stringify(record!.vitals)).not.toMatch(/v5-|xydt|张三|id=|0103/);
    expect(storedVitals()).toEqual([]);

    // A later report of a metric already sent is not counted again.
    report({ name: 'CLS', value: 0.2, id: 'v5-1-4' });
    expect(storedVitals()).toEqual([]);
    stop();
  });

  it('keep the latest value of a metric until it is sent, stay queued across a failed send and a reload', async () => {
    const send = vi
      .fn<(records: readonly VisitLogRecord[]) => Promise<'sent' | 'failed'>>()
      .mockResolvedValueOnce('failed')
      .mockResolvedValue('sent');
    const first = createVisitLog({ send, intervalMs: 0 });
    first.logVital('v5-2-1', { name: 'CLS', value: 0.01, section: 'h5' });
    first.logVital('v5-2-1', { name: 'CLS', value: 0.3, section: 'h5' });
    first.log({ contentCode: '05', param: '/h5/gtxy' });
    await first.flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0][0]!.vitals).toEqual([{ name: 'CLS', value: 0.3, section: 'h5' }]);

    // The page is reloaded: the records and the sample wait in local storage and go together.
    const second = createVisitLog({ send, intervalMs: 0 });
    await second.flush();
    expect(send).toHaveBeenCalledTimes(2);
    const records = send.mock.calls[1]![0];
    expect(records.map((r) => r.contentCode)).toEqual(['05']);
    expect(records[0]!.vitals).toEqual([{ name: 'CLS', value: 0.3, section: 'h5' }]);
    expect(storedVitals()).toEqual([]);
  });

  it('ride on the last record of the beacon at page hide, at most WEB_VITALS_PER_RECORD of them', () => {
    const beacon = vi.fn((_records: readonly VisitLogRecord[]) => true);
    const log = createVisitLog({ send: vi.fn(), beacon });
    for (let i = 0; i < WEB_VITALS_PER_RECORD + 3; i++) {
      log.logVital(`v5-3-${i}`, { name: 'INP', value: 100 + i, section: 'services' });
    }
    // Alone at page hide: no beacon for samples only.
    log.flushOnHide();
    expect(beacon).not.toHaveBeenCalled();

    log.log({ contentCode: '01', param: '/index' });
    log.log({ contentCode: '0103', param: '/xydt' });
    log.flushOnHide();
    expect(beacon).toHaveBeenCalledTimes(1);
    const [records] = beacon.mock.calls[0]!;
    expect(records[0]).not.toHaveProperty('vitals');
    expect(records[1]!.vitals).toHaveLength(WEB_VITALS_PER_RECORD);
    expect(records[1]!.vitals![0]).toEqual({ name: 'INP', value: 100, section: 'services' });
    // The rest wait for the next batch.
    expect(storedVitals()).toHaveLength(3);
  });

  it("drop values the intake would refuse, and wait for the loaded page's section before filing a sample", async () => {
    expect(webVitalSample('LCP', -1, 'home')).toBeNull();
    expect(webVitalSample('TTFB', 600_001, 'home')).toBeNull();
    expect(webVitalSample('CLS', 101, 'home')).toBeNull();
    expect(webVitalSample('FID', 10, 'home')).toBeNull();
    expect(webVitalSample('LCP', Number.NaN, 'home')).toBeNull();
    expect(webVitalSample('LCP', 10, '/index')).toBeNull();
    expect(webVitalSample('TTFB', 600_000, 'about')).toEqual({ name: 'TTFB', value: 600_000, section: 'about' });

    const logVital = vi.fn();
    let section: 'services' | null = null;
    const stop = startWebVitals({ record: logVital, section: () => section, schedule: immediately });
    await vi.waitFor(() => expect(reporters.size).toBe(5));
    // Before the router matched the page: kept, not filed under a guess.
    report({ name: 'TTFB', value: 30, id: 'v5-4-1' });
    report({ name: 'FCP', value: 80, id: 'v5-4-2' });
    expect(logVital).not.toHaveBeenCalled();
    // The next report, once the section is known, files them too.
    section = 'services';
    report({ name: 'LCP', value: 650, id: 'v5-4-3' });
    expect(logVital.mock.calls).toEqual([
      ['v5-4-1', { name: 'TTFB', value: 30, section: 'services' }],
      ['v5-4-2', { name: 'FCP', value: 80, section: 'services' }],
      ['v5-4-3', { name: 'LCP', value: 650, section: 'services' }],
    ]);
    stop();
    // Stopped: later reports are ignored.
    report({ name: 'CLS', value: 0.01, id: 'v5-4-4' });
    expect(logVital).toHaveBeenCalledTimes(3);
  });

  it('file a page under its route-table section, the personal credit app under h5', () => {
    expect(vitalSection({ section: 'services', layout: 'main' })).toBe('services');
    expect(vitalSection({ section: 'personal', layout: 'h5' })).toBe('h5');
    expect(vitalSection({ section: 'personal', layout: 'main' })).toBe('personal');
  });

  it('measure nothing and break nothing when the library fails to load', async () => {
    const record = vi.fn();
    const failed = vi.fn(async (): Promise<WebVitalsModule> => {
      throw new Error('chunk load failed');
    });
    startWebVitals({ record, section: () => 'home', schedule: immediately, load: failed });
    await vi.waitFor(() => expect(failed).toHaveBeenCalledTimes(1));
    expect(record).not.toHaveBeenCalled();
  });
});
