import type { FastifyBaseLogger } from 'fastify';
import type { ChangeLog } from '../repositories/change-feed.js';
import { WEBHOOK_HEADERS, webhookSignature } from './signature.js';
import type { DueDelivery, WebhookRepository } from './subscribers.js';
import { postWebhook } from './targets.js';

/** How deliveries are retried: exponential backoff from `baseMs` up to `maxMs`, for `windowMs` from queueing. */
export interface WebhookRetry {
  baseMs: number;
  maxMs: number;
  windowMs: number;
}

/** The defaults: 10 s, doubling up to an hour, for 24 hours; then the dead-letter list. */
export const DEFAULT_WEBHOOK_RETRY: WebhookRetry = { baseMs: 10_000, maxMs: 3_600_000, windowMs: 24 * 3_600_000 };

export interface WebhookWorkerOptions {
  repo: WebhookRepository;
  changes: ChangeLog;
  log: FastifyBaseLogger;
  retry: WebhookRetry;
  /** How often the outbox is read and due deliveries sent, ms. */
  pollMs: number;
  /** Deadline of one POST, ms. */
  timeoutMs: number;
  /** Loopback and private targets allowed (WEBHOOK_ALLOW_PRIVATE_TARGETS). */
  allowPrivate: boolean;
  /** Deliveries sent at once (different records; one record's always one after another). */
  concurrency?: number;
  /** Counts each attempt's result. */
  onAttempt?: (result: 'delivered' | 'failed' | 'dead') => void;
  now?: () => number;
}

/** The wait before attempt `attempts + 1`: base × 2^(attempts − 1), capped, with ±20 % jitter so receivers are not hit in step. */
export function backoffMs(retry: WebhookRetry, attempts: number): number {
  const plain = Math.min(retry.maxMs, retry.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(plain * (0.8 + Math.random() * 0.4));
}

/**
 * The delivery worker: on each tick it queues the outbox's new changes for every subscriber of
 * their datasets, then POSTs the due deliveries, signed; a 2xx is delivered, anything else is
 * retried with backoff until the window is over, then dead. Ticks never overlap; stop() waits for
 * the one in flight.
 */
export function createWebhookWorker(options: WebhookWorkerOptions) {
  const now = options.now ?? Date.now;
  const concurrency = options.concurrency ?? 4;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = true;

  const attempt = async (d: DueDelivery): Promise<void> => {
    const change = options.changes.get(d.seq);
    const subscriber = change ? options.repo.list().find((s) => s.id === d.subscriberId) : undefined;
    if (!change || !subscriber) return;
    const body = JSON.stringify(change);
    const timestamp = String(Math.floor(now() / 1000));
    let status: number | null = null;
    let error = '';
    try {
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'credit-portal-webhooks/1',
        [WEBHOOK_HEADERS.eventId]: change.id,
        [WEBHOOK_HEADERS.timestamp]: timestamp,
        [WEBHOOK_HEADERS.signature]: webhookSignature(
          subscriber.algorithm,
          options.repo.secret(subscriber.id),
          timestamp,
          body,
        ),
      };
      ({ status } = await postWebhook(subscriber.url, headers, body, {
        timeoutMs: options.timeoutMs,
        allowPrivate: options.allowPrivate,
      }));
      if (status >= 200 && status < 300) {
        options.repo.markDelivered(d, status);
        options.onAttempt?.('delivered');
        return;
      }
      error = `HTTP ${status}`;
    } catch (caught) {
      error = (caught as Error).message;
    }
    const at = now();
    const dead = at - d.queuedAt >= options.retry.windowMs;
    options.repo.markFailed(d, { status, error, next: at + backoffMs(options.retry, d.attempts + 1), dead });
    options.onAttempt?.(dead ? 'dead' : 'failed');
    // The subscriber's name and the event, never the URL's query or the secret.
    options.log[dead ? 'warn' : 'info'](
      { subscriber: subscriber.name, event: change.id, seq: change.seq, attempts: d.attempts + 1, error },
      dead ? 'webhook delivery given up: dead letter' : 'webhook delivery failed, will retry',
    );
  };

  /** One round: queue what is new, then send what is due, `concurrency` at a time, until nothing is due. */
  const tick = async (): Promise<void> => {
    options.repo.queue(now());
    for (;;) {
      const due = options.repo.due(now(), concurrency);
      if (due.length === 0 || stopped) return;
      await Promise.all(due.map(attempt));
    }
  };

  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      running = tick()
        .catch((error: unknown) => options.log.error({ err: error }, 'webhook delivery round failed'))
        .finally(() => {
          running = null;
          schedule();
        });
    }, options.pollMs);
    timer.unref();
  };

  return {
    start(): void {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    /** Stops polling; resolves when the round in flight is over. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
