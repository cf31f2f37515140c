import type { FastifyBaseLogger } from 'fastify';
import {
  PUBLIC_CHANGES_FOLLOW_LIMITS,
  PUBLIC_CHANGES_FOLLOW_PATH,
  type PublicChangesFollowPage,
} from '@credit-portal/shared';
import type { GatewayMetrics } from '../lib/metrics.js';
import type { PurgeRequest } from './redis-cache-store.js';

/** Where the follow resumes: the shared tier's mark with Redis, none without (the in-process tier starts empty). */
export interface ResumePoint {
  load(): Promise<number | null>;
  save(seq: number): Promise<void>;
}

export interface ChangeFollowerOptions {
  /** The credit-service's base URL. */
  url: string;
  token: string | null;
  waitMs: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Purges on every replica; false when the shared tier could not be reached (the change is tried again). */
  purge: (request: PurgeRequest) => Promise<boolean>;
  resume: ResumePoint;
  metrics: GatewayMetrics;
  log: FastifyBaseLogger;
}

/** Tags per purge call, so that a day's worth of midnight withdrawals goes in a few round trips. */
const TAGS_PER_PURGE = 500;

/**
 * Follows the credit-service's public-changes outbox with a long poll, from the last change
 * applied: each answer's changes have their cache tags purged on every replica (both tiers, with
 * tombstones) before the resume point moves past them, so a change is applied at least once — a
 * purge twice is harmless. A credit-service that is down or answers garbage is asked again with
 * exponential backoff (and jitter); nothing here throws out of the loop.
 */
export class ChangeFollower {
  readonly #options: ChangeFollowerOptions;
  readonly #stop = new AbortController();
  #running: Promise<void> | null = null;
  #applied: number | null = null;

  constructor(options: ChangeFollowerOptions) {
    this.#options = options;
  }

  /** The last change applied (null before the first answer). */
  get applied(): number | null {
    return this.#applied;
  }

  start(): void {
    this.#running ??= this.#loop();
  }

  async stop(): Promise<void> {
    this.#stop.abort();
    await this.#running;
  }

  async #loop(): Promise<void> {
    const { log, metrics } = this.#options;
    let failures = 0;
    while (!this.#stop.signal.aborted) {
      try {
        if (this.#applied === null) this.#applied = await this.#start();
        const page = await this.#ask(this.#applied, this.#options.waitMs);
        if (page.head < this.#applied) {
          // The outbox is younger than our mark (a new database): follow it from its head.
          log.warn(
            { head: page.head, applied: this.#applied },
            'public-changes outbox behind the resume point; following from its head',
          );
          this.#applied = page.head;
        } else if (page.changes.length > 0) {
          await this.#apply(page);
        }
        failures = 0;
      } catch (err) {
        if (this.#stop.signal.aborted) break;
        failures += 1;
        metrics.publicChangesFailures.inc();
        const delay = backoff(this.#options.backoffBaseMs, this.#options.backoffMaxMs, failures);
        log.warn({ reason: (err as Error).message, retryInMs: delay }, 'public-changes follow failed; retrying');
        await sleep(delay, this.#stop.signal);
      }
    }
  }

  /** The resume point: the shared tier's, else the outbox's head (nothing cached here is older). */
  async #start(): Promise<number> {
    const saved = await this.#options.resume.load();
    if (saved !== null) return saved;
    const { head } = await this.#ask(undefined, 0);
    await this.#options.resume.save(head);
    return head;
  }

  async #apply(page: PublicChangesFollowPage): Promise<void> {
    const tags = [...new Set(page.changes.flatMap((change) => change.tags))];
    for (let i = 0; i < tags.length; i += TAGS_PER_PURGE) {
      if (!(await this.#options.purge({ tags: tags.slice(i, i + TAGS_PER_PURGE) }))) {
        throw new Error('the shared cache is unreachable: the changes are purged again once it is back');
      }
    }
    const last = page.changes[page.changes.length - 1]!.seq;
    await this.#options.resume.save(last);
    this.#applied = last;
    this.#options.metrics.publicChangesApplied.inc(page.changes.length);
    this.#options.metrics.publicChangesSeq.set(last);
    this.#options.log.info(
      { changes: page.changes.length, through: last, tags: tags.length },
      'public changes applied: cache tags purged',
    );
  }

  async #ask(after: number | undefined, waitMs: number): Promise<PublicChangesFollowPage> {
    // Relative to the base, whose own path prefix is kept.
    const base = this.#options.url.endsWith('/') ? this.#options.url : `${this.#options.url}/`;
    const url = new URL(PUBLIC_CHANGES_FOLLOW_PATH.slice(1), base);
    if (after !== undefined) url.searchParams.set('after', String(after));
    url.searchParams.set('limit', String(PUBLIC_CHANGES_FOLLOW_LIMITS.defaultLimit));
    url.searchParams.set('waitMs', String(waitMs));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.#options.token) headers.authorization = `Bearer ${this.#options.token}`;
    // The hold plus a margin: a call that outlives it is a lost connection.
    const signal = AbortSignal.any([this.#stop.signal, AbortSignal.timeout(waitMs + 10_000)]);
    const response = await fetch(url, { headers, signal });
    if (!response.ok) throw new Error(`the follow answered ${response.status}`);
    const page = (await response.json()) as PublicChangesFollowPage;
    if (typeof page?.head !== 'number' || !Array.isArray(page.changes)) throw new Error('the follow answered no page');
    return page;
  }
}

/** base · 2^(n−1), capped, with up to half of it as jitter so that replicas do not retry in step. */
function backoff(baseMs: number, maxMs: number, failures: number): number {
  const delay = Math.min(maxMs, baseMs * 2 ** Math.min(failures - 1, 20));
  return Math.round(delay / 2 + (Math.random() * delay) / 2);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
