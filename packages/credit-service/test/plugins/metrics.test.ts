import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, FOLLOW_MESSAGES, type LoginResult } from '@credit-portal/shared';
import { ServiceMetrics } from '../../src/metrics/service-metrics.js';
import { DEMO_ACCOUNT } from '../../src/demo/seed/index.js';
import { buildTestApp, injectJson, type TestApp } from '../helper.js';
import { closedPort, refuseAuditAppends, sample, scrape, SYSTEM_AUDIT_ENTRY } from './metrics-support.js';

/*
 * The credit-service's Prometheus series: every name of the contract (the alert rules and the
 * dashboard read them) in the scrape, the fixed label sets at 0 from the start, and each series
 * moved by the real thing it measures — a request, a search (on the main thread and through the
 * worker pool), a signed report, a mail that fails, an SMS, a job run, an audit write that fails.
 */

/** The contract: every series the service exposes besides the process defaults. */
const SERIES = [
  'credit_service_http_requests_total',
  'credit_service_http_request_duration_seconds',
  'credit_service_search_queue_length',
  'credit_service_search_duration_seconds',
  'credit_service_search_wait_seconds',
  'credit_service_search_failures_total',
  'credit_service_report_sign_duration_seconds',
  'credit_service_report_sign_failures_total',
  'credit_service_job_runs_total',
  'credit_service_job_last_run_timestamp_seconds',
  'credit_service_job_last_success_timestamp_seconds',
  'credit_service_job_last_duration_seconds',
  'credit_service_sqlite_database_bytes',
  'credit_service_sqlite_wal_bytes',
  'credit_service_audit_write_duration_seconds',
  'credit_service_audit_write_failures_total',
  'credit_service_messages_total',
];

const search = (t: TestApp, keyword: string) =>
  injectJson<{ ErrorCode: number }>(t.app, {
    method: 'POST',
    url: API_PATHS.entitySearch,
    payload: { EntNameOrCreditCode: keyword },
  });

describe('the series before anything happened', () => {
  it('has every fixed label set at 0, and the process metrics with the service prefix', async () => {
    const text = await new ServiceMetrics().scrape();
    for (const name of SERIES) expect(text).toContain(`# TYPE ${name} `);
    for (const job of ['follow', 'open_data']) {
      expect(sample(text, `credit_service_job_runs_total{job="${job}",result="success"}`)).toBe(0);
      expect(sample(text, `credit_service_job_runs_total{job="${job}",result="failure"}`)).toBe(0);
      expect(sample(text, `credit_service_job_last_run_timestamp_seconds{job="${job}"}`)).toBe(0);
      expect(sample(text, `credit_service_job_last_success_timestamp_seconds{job="${job}"}`)).toBe(0);
      expect(sample(text, `credit_service_job_last_duration_seconds{job="${job}"}`)).toBe(0);
    }
    for (const channel of ['mail', 'sms']) {
      for (const result of ['sent', 'failed']) {
        expect(sample(text, `credit_service_messages_total{channel="${channel}",result="${result}"}`)).toBe(0);
      }
    }
    for (const name of [
      'credit_service_search_queue_length',
      'credit_service_search_failures_total',
      'credit_service_search_duration_seconds_count',
      'credit_service_search_wait_seconds_count',
      'credit_service_report_sign_duration_seconds_count',
      'credit_service_report_sign_failures_total',
      'credit_service_audit_write_duration_seconds_count',
      'credit_service_audit_write_failures_total',
    ]) {
      expect(sample(text, name), name).toBe(0);
    }
    expect(text).toContain('# TYPE credit_service_process_cpu_seconds_total counter');
    expect(text).toContain('# TYPE credit_service_nodejs_eventloop_lag_seconds gauge');
  });

  it('keeps each app in its own registry', async () => {
    const [a, b] = [new ServiceMetrics(), new ServiceMetrics()];
    a.countMessage('sms', true);
    expect(sample(await a.scrape(), 'credit_service_messages_total{channel="sms",result="sent"}')).toBe(1);
    expect(sample(await b.scrape(), 'credit_service_messages_total{channel="sms",result="sent"}')).toBe(0);
  });
});

describe('the series of a running service', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    // Mail goes to an SMTP port nobody listens on: every mail fails.
    t = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
    const { body } = await injectJson<{ Data: LoginResult }>(t.app, {
      method: 'POST',
      url: API_PATHS.login,
      payload: { Mobile: DEMO_ACCOUNT.mobile, Password: DEMO_ACCOUNT.password },
    });
    token = body.Data.JwtToken;
  });
  afterAll(() => t?.close());

  it('exposes every series of the contract, and the database sizes read at scrape time', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    const text = await scrape(t.app);
    for (const name of SERIES) expect(text).toContain(`# TYPE ${name} `);
    expect(sample(text, 'credit_service_sqlite_database_bytes')).toBeGreaterThan(0);
    // WAL mode: the log exists while the service has the database open.
    expect(sample(text, 'credit_service_sqlite_wal_bytes')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'credit_service_search_queue_length')).toBe(0);
  });

  it('counts a request under its route pattern, and unmatched URLs under one label', async () => {
    const healthz = 'credit_service_http_requests_total{route="/healthz",method="GET",status="200"}';
    const unmatched = 'credit_service_http_requests_total{route="unmatched",method="GET",status="404"}';
    const before = await scrape(t.app);
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/no/such/page-1' });
    await t.app.inject({ method: 'GET', url: '/no/such/page-2' });
    const after = await scrape(t.app);
    expect(sample(after, healthz)).toBe((sample(before, healthz) ?? 0) + 1);
    expect(sample(after, unmatched)).toBe((sample(before, unmatched) ?? 0) + 2);
    expect(after).not.toContain('page-1');
    const durations = 'credit_service_http_request_duration_seconds_count{route="/healthz",method="GET"}';
    expect(sample(after, durations)).toBe((sample(before, durations) ?? 0) + 1);
  });

  it('measures a search on the main thread: its duration, and no wait', async () => {
    const before = await scrape(t.app);
    expect((await search(t, '科技')).body.ErrorCode).toBe(200);
    const after = await scrape(t.app);
    const count = (text: string, name: string) => sample(text, `${name}_count`)!;
    expect(count(after, 'credit_service_search_duration_seconds')).toBe(
      count(before, 'credit_service_search_duration_seconds') + 1,
    );
    expect(count(after, 'credit_service_search_wait_seconds')).toBe(
      count(before, 'credit_service_search_wait_seconds') + 1,
    );
    expect(sample(after, 'credit_service_search_wait_seconds_sum')).toBe(0);
    expect(sample(after, 'credit_service_search_failures_total')).toBe(0);
  });

  it('measures the signatures of an issued report', async () => {
    const entityId = String(t.app.db.prepare('SELECT id FROM entities ORDER BY id LIMIT 1').pluck().get());
    const before = sample(await scrape(t.app), 'credit_service_report_sign_duration_seconds_count')!;
    const response = await t.app.inject({
      method: 'POST',
      url: API_PATHS.enterpriseReport,
      payload: { entityId, periodFrom: '2024-01-01', periodTo: '2025-12-31' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = await scrape(t.app);
    // The PDF and the report's record are each signed.
    expect(sample(after, 'credit_service_report_sign_duration_seconds_count')).toBe(before + 2);
    expect(sample(after, 'credit_service_report_sign_failures_total')).toBe(0);
  });

  it('counts a mail the server refuses as failed, and an SMS written as sent', async () => {
    const failed = 'credit_service_messages_total{channel="mail",result="failed"}';
    const sentSms = 'credit_service_messages_total{channel="sms",result="sent"}';
    const before = await scrape(t.app);
    const { body } = await injectJson<{ ErrorCode: number; Msg: string }>(t.app, {
      method: 'POST',
      url: API_PATHS.followSettings,
      headers: { authorization: `Bearer ${token}` },
      payload: { EmailDigest: true, Email: 'metrics.resident@example.com' },
    });
    expect(body.ErrorCode).toBe(200);
    expect(body.Msg).toBe(FOLLOW_MESSAGES.confirmMailFailed);
    const sms = await t.app.inject({ method: 'POST', url: API_PATHS.registerCode, payload: { Mobile: '13700000123' } });
    expect(sms.statusCode, sms.body).toBe(200);
    const after = await scrape(t.app);
    expect(sample(after, failed)).toBe(sample(before, failed)! + 1);
    expect(sample(after, 'credit_service_messages_total{channel="mail",result="sent"}')).toBe(0);
    expect(sample(after, sentSms)).toBe(sample(before, sentSms)! + 1);
  });

  it('records each run of the follow job, and the open-data run at start', async () => {
    const startedAfter = Date.now() / 1000;
    await t.app.followJob.run();
    const text = await scrape(t.app);
    expect(sample(text, 'credit_service_job_runs_total{job="follow",result="success"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'credit_service_job_runs_total{job="follow",result="failure"}')).toBe(0);
    const lastRun = sample(text, 'credit_service_job_last_run_timestamp_seconds{job="follow"}')!;
    expect(lastRun).toBeGreaterThanOrEqual(Math.floor(startedAfter));
    expect(sample(text, 'credit_service_job_last_success_timestamp_seconds{job="follow"}')).toBe(lastRun);
    expect(sample(text, 'credit_service_job_last_duration_seconds{job="follow"}')).toBeGreaterThan(0);
    // Today's open-data files are written when the app starts: that run is recorded.
    expect(sample(text, 'credit_service_job_runs_total{job="open_data",result="success"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'credit_service_job_last_success_timestamp_seconds{job="open_data"}')).toBeGreaterThan(0);
  });

  it('reports another job through recordJobRun, with its series from then on', async () => {
    t.app.metrics.recordJobRun('backup', new Date('2026-03-01T02:00:00Z'), 12.5, true);
    const text = await scrape(t.app);
    expect(sample(text, 'credit_service_job_runs_total{job="backup",result="success"}')).toBe(1);
    expect(sample(text, 'credit_service_job_runs_total{job="backup",result="failure"}')).toBe(0);
    expect(sample(text, 'credit_service_job_last_success_timestamp_seconds{job="backup"}')).toBe(
      Date.parse('2026-03-01T02:00:00Z') / 1000,
    );
    expect(sample(text, 'credit_service_job_last_duration_seconds{job="backup"}')).toBe(12.5);
  });

  it('times the audit appends and counts the one the disk refuses', async () => {
    const before = await scrape(t.app);
    const entry = SYSTEM_AUDIT_ENTRY;
    const accept = refuseAuditAppends(t.app, 'ENOSPC: no space left on device');
    try {
      await expect(t.app.audit.record(entry)).rejects.toThrow(/ENOSPC/);
    } finally {
      accept();
    }
    await t.app.audit.record(entry);
    const after = await scrape(t.app);
    expect(sample(after, 'credit_service_audit_write_failures_total')).toBe(
      sample(before, 'credit_service_audit_write_failures_total')! + 1,
    );
    expect(sample(after, 'credit_service_audit_write_duration_seconds_count')).toBe(
      sample(before, 'credit_service_audit_write_duration_seconds_count')! + 2,
    );
  });
});

describe('the series of searches through the worker pool', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ searchWorkers: 1 });
  }, 60_000);
  afterAll(() => t?.close());

  it('measures each search and its wait for the one thread, and leaves no queue behind', async () => {
    const before = await scrape(t.app);
    const answers = await Promise.all(['科技', '信用', '商贸'].map((keyword) => search(t, keyword)));
    expect(answers.map((a) => a.body.ErrorCode)).toEqual([200, 200, 200]);
    const after = await scrape(t.app);
    const moved = (name: string) => sample(after, name)! - sample(before, name)!;
    expect(moved('credit_service_search_duration_seconds_count')).toBe(3);
    expect(moved('credit_service_search_wait_seconds_count')).toBe(3);
    // One thread, three searches at once: two of them waited for it.
    expect(moved('credit_service_search_wait_seconds_sum')).toBeGreaterThan(0);
    expect(sample(after, 'credit_service_search_queue_length')).toBe(0);
    expect(sample(after, 'credit_service_search_failures_total')).toBe(0);
  });
});
