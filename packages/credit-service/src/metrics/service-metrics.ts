import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/*
 * Every Prometheus series of the credit-service. The names are a contract: the alert rules and
 * the dashboard in deploy/monitoring/ read them. Series with a fixed set of labels exist with 0
 * from the start, so that a rule sees them before the first event.
 */

/** The jobs the service runs itself; another job (the backup) reports through recordJobRun. */
export const SERVICE_JOBS = ['follow', 'open_data'] as const;

/** How the service reaches residents. */
export const MESSAGE_CHANNELS = ['mail', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** What the last runs of one job were: times as ISO 8601, null before the first. */
export interface JobRunState {
  lastRunAt: string | null;
  lastResult: 'success' | 'failure' | null;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  lastDurationSeconds: number | null;
}

/** Seconds: a search on the index takes milliseconds; a queue behind busy threads, more. */
const SEARCH_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: one SM2 signature is a few milliseconds, a large PDF's SM3 digest more. */
const SIGN_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];
/** Seconds: an append and its fdatasync; a slow disk shows in the upper buckets. */
const AUDIT_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

const seconds = (date: Date): number => date.getTime() / 1000;

/**
 * Does a job's work and records the run as `job` (its wall-clock start, duration, and whether it
 * threw or its promise rejected), then gives back what the work gave: a promise for async work,
 * the value itself for synchronous work. No metrics: the work alone.
 */
export function recordedRun<T>(
  metrics: Pick<ServiceMetrics, 'recordJobRun'> | undefined,
  job: string,
  work: () => T,
): T {
  if (!metrics) return work();
  const startedAt = new Date();
  const started = performance.now();
  const record = (ok: boolean) => metrics.recordJobRun(job, startedAt, (performance.now() - started) / 1000, ok);
  let result: T;
  try {
    result = work();
  } catch (error) {
    record(false);
    throw error;
  }
  if (result instanceof Promise) {
    return result.then(
      (value: unknown) => {
        record(true);
        return value;
      },
      (error: unknown) => {
        record(false);
        throw error;
      },
    ) as T;
  }
  record(true);
  return result;
}

/** The service's metrics, in a registry of its own (several apps may share a test process). */
export class ServiceMetrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'credit_service_http_requests_total',
    help: 'Requests answered, by route pattern (unmatched URLs as "unmatched"), method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'credit_service_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern and method.',
    labelNames: ['route', 'method'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly searchQueueLength = new Gauge({
    name: 'credit_service_search_queue_length',
    help: 'Entity searches waiting for a worker thread (0 with SEARCH_WORKERS=0).',
    registers: [this.registry],
  });

  readonly searchDuration = new Histogram({
    name: 'credit_service_search_duration_seconds',
    help: 'Time of a whole entity search, waiting for a worker thread included.',
    buckets: SEARCH_BUCKETS,
    registers: [this.registry],
  });

  readonly searchWait = new Histogram({
    name: 'credit_service_search_wait_seconds',
    help: 'Time an entity search waited in the queue before a worker thread took it (0 on the main thread).',
    buckets: SEARCH_BUCKETS,
    registers: [this.registry],
  });

  readonly searchFailures = new Counter({
    name: 'credit_service_search_failures_total',
    help: 'Entity searches that failed (a worker thread that died, a database error).',
    registers: [this.registry],
  });

  readonly reportSignDuration = new Histogram({
    name: 'credit_service_report_sign_duration_seconds',
    help: "Time of one SM2 signature with the report-signing key (an issued report's PDF, a report record).",
    buckets: SIGN_BUCKETS,
    registers: [this.registry],
  });

  readonly reportSignFailures = new Counter({
    name: 'credit_service_report_sign_failures_total',
    help: 'SM2 signatures of issued reports that failed.',
    registers: [this.registry],
  });

  readonly jobRunsTotal = new Counter({
    name: 'credit_service_job_runs_total',
    help: 'Runs of the scheduled jobs, by job and result (success, failure).',
    labelNames: ['job', 'result'] as const,
    registers: [this.registry],
  });

  readonly jobLastRun = new Gauge({
    name: 'credit_service_job_last_run_timestamp_seconds',
    help: "Unix time the job's last run started (0: not run since the service started).",
    labelNames: ['job'] as const,
    registers: [this.registry],
  });

  readonly jobLastSuccess = new Gauge({
    name: 'credit_service_job_last_success_timestamp_seconds',
    help: "Unix time the job's last successful run started (0: none since the service started).",
    labelNames: ['job'] as const,
    registers: [this.registry],
  });

  readonly jobLastDuration = new Gauge({
    name: 'credit_service_job_last_duration_seconds',
    help: "How long the job's last run took.",
    labelNames: ['job'] as const,
    registers: [this.registry],
  });

  readonly sqliteDatabaseBytes = new Gauge({
    name: 'credit_service_sqlite_database_bytes',
    help: 'Size of the SQLite database file (DATA_DIR/credit.sqlite), read at scrape time.',
    registers: [this.registry],
  });

  readonly sqliteWalBytes = new Gauge({
    name: 'credit_service_sqlite_wal_bytes',
    help: 'Size of the database write-ahead log (credit.sqlite-wal), read at scrape time; it grows while checkpoints cannot keep up.',
    registers: [this.registry],
  });

  readonly auditWriteDuration = new Histogram({
    name: 'credit_service_audit_write_duration_seconds',
    help: 'Time to make a batch of audit records durable (append and fdatasync).',
    buckets: AUDIT_BUCKETS,
    registers: [this.registry],
  });

  readonly auditWriteFailures = new Counter({
    name: 'credit_service_audit_write_failures_total',
    help: 'Appends to the audit files that failed (the records of that batch were not written).',
    registers: [this.registry],
  });

  readonly messages = new Counter({
    name: 'credit_service_messages_total',
    help: 'Messages to residents, by channel (mail, sms) and result (sent, failed).',
    labelNames: ['channel', 'result'] as const,
    registers: [this.registry],
  });

  readonly backupNewest = new Gauge({
    name: 'credit_service_backup_newest_timestamp_seconds',
    help: "When the newest complete backup was made (unix seconds), by set: credit-service (this service's sets) and redis (the RDB sidecar's dumps); absent while there is none.",
    labelNames: ['set'] as const,
    registers: [this.registry],
  });

  readonly webhookAttempts = new Counter({
    name: 'credit_service_webhook_attempts_total',
    help: 'Webhook delivery attempts, by result: delivered (2xx), failed (will be retried), dead (retry window over: dead letter).',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  readonly webhookDeliveries = new Gauge({
    name: 'credit_service_webhook_deliveries',
    help: 'Webhook deliveries by subscriber and state (pending, delivered, dead), read at scrape time.',
    labelNames: ['subscriber', 'state'] as const,
    registers: [this.registry],
  });

  readonly webhookOldestPending = new Gauge({
    name: 'credit_service_webhook_oldest_pending_seconds',
    help: 'Age of the oldest webhook delivery still pending (0: none), read at scrape time.',
    registers: [this.registry],
  });

  readonly #jobs = new Map<string, JobRunState>();
  readonly #collectors: Array<() => Promise<void> | void> = [];

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'credit_service_' });
    for (const job of SERVICE_JOBS) this.trackJob(job);
    // A counter's labelled series is written once it has been incremented: by 0, here.
    for (const channel of MESSAGE_CHANNELS) {
      this.messages.labels(channel, 'sent').inc(0);
      this.messages.labels(channel, 'failed').inc(0);
    }
    for (const result of ['delivered', 'failed', 'dead']) this.webhookAttempts.labels(result).inc(0);
  }

  /** Makes a job's series exist (with 0) before its first run. */
  trackJob(job: string): void {
    if (this.#jobs.has(job)) return;
    this.#jobs.set(job, {
      lastRunAt: null,
      lastResult: null,
      lastSuccessAt: null,
      lastFailureAt: null,
      lastDurationSeconds: null,
    });
    this.jobRunsTotal.labels(job, 'success').inc(0);
    this.jobRunsTotal.labels(job, 'failure').inc(0);
    this.jobLastRun.labels(job).set(0);
    this.jobLastSuccess.labels(job).set(0);
    this.jobLastDuration.labels(job).set(0);
  }

  /** Records one run of a job: when it started, how long it took, whether it succeeded. */
  recordJobRun(job: string, startedAt: Date, durationSeconds: number, ok: boolean): void {
    this.trackJob(job);
    const state = this.#jobs.get(job)!;
    const at = startedAt.toISOString();
    state.lastRunAt = at;
    state.lastResult = ok ? 'success' : 'failure';
    state.lastDurationSeconds = durationSeconds;
    if (ok) state.lastSuccessAt = at;
    else state.lastFailureAt = at;
    this.jobRunsTotal.labels(job, ok ? 'success' : 'failure').inc();
    this.jobLastRun.labels(job).set(seconds(startedAt));
    if (ok) this.jobLastSuccess.labels(job).set(seconds(startedAt));
    this.jobLastDuration.labels(job).set(durationSeconds);
  }

  /** Every job's last runs, by job (the admin listener's readiness). */
  jobs(): Record<string, JobRunState> {
    return Object.fromEntries([...this.#jobs].map(([job, state]) => [job, { ...state }]));
  }

  /** Counts one message to a resident. */
  countMessage(channel: MessageChannel, sent: boolean): void {
    this.messages.labels(channel, sent ? 'sent' : 'failed').inc();
  }

  /** Counts a message as it is being sent: sent once `sending` resolves, failed (and rethrown) if it rejects. */
  async countSending(channel: MessageChannel, sending: Promise<void>): Promise<void> {
    try {
      await sending;
    } catch (error) {
      this.countMessage(channel, false);
      throw error;
    }
    this.countMessage(channel, true);
  }

  /** Registers a function that refreshes gauges right before each scrape. */
  addCollector(collector: () => Promise<void> | void): void {
    this.#collectors.push(collector);
  }

  /** The exposition text, after every collector ran (a failing collector leaves its gauges as they were). */
  async scrape(): Promise<string> {
    await Promise.allSettled(this.#collectors.map(async (collect) => collect()));
    return this.registry.metrics();
  }
}
