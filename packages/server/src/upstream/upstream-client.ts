import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { Pool, type Dispatcher } from 'undici';
import type { UpstreamName } from '@credit-portal/shared';
import { CircuitBreaker, type CircuitState } from '../lib/circuit-breaker.js';
import { UpstreamFailure } from '../lib/errors.js';
import { sleep } from '../lib/timing.js';
import type { GatewayMetrics } from '../lib/metrics.js';

export interface UpstreamRequest {
  method: string;
  /** Path and query, relative to the upstream's base URL. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer | Readable | null;
  timeoutMs: number;
  /** Retry after connection errors and 502/503/504: idempotent reads only. */
  retry?: boolean;
  /** Skip the circuit breaker (the visit-log forwarder has its own backoff). */
  bypassBreaker?: boolean;
  /**
   * Whether a failed call failed on the client's side (a streamed body too large or abandoned):
   * such a failure says nothing of the upstream and is not counted against its circuit.
   */
  clientFault?: () => boolean;
}

export interface UpstreamResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  latencyMs: number;
}

export interface UpstreamClientOptions {
  connections: number;
  retries: number;
  maxBodyBytes: number;
  circuitFailureThreshold: number;
  circuitOpenMs: number;
}

const RETRY_STATUSES = new Set([502, 503, 504]);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);
const CIRCUIT_GAUGE: Record<CircuitState, number> = { closed: 0, half_open: 1, open: 2 };

/**
 * One upstream system: a keep-alive undici Pool, a circuit breaker, a deadline per call (the whole
 * call, retries included, fits in the route's timeout) and retries for idempotent reads only.
 */
export class UpstreamClient {
  readonly pool: Pool;
  readonly breaker: CircuitBreaker;
  /** scheme://host:port of the base URL. */
  readonly origin: string;
  /** Path prefix of the base URL ('' when none). */
  readonly basePath: string;

  constructor(
    readonly name: UpstreamName,
    baseUrl: string,
    private readonly options: UpstreamClientOptions,
    private readonly metrics: GatewayMetrics,
  ) {
    const url = new URL(baseUrl);
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.pool = new Pool(this.origin, {
      connections: options.connections,
      keepAliveTimeout: 10_000,
      keepAliveMaxTimeout: 60_000,
    });
    this.breaker = new CircuitBreaker({
      failureThreshold: options.circuitFailureThreshold,
      openMs: options.circuitOpenMs,
      onStateChange: (state) => metrics.circuitState.set({ upstream: name }, CIRCUIT_GAUGE[state]),
    });
    metrics.circuitState.set({ upstream: name }, 0);
  }

  /** Calls the upstream; throws UpstreamFailure when no HTTP answer came back in time. */
  async request(request: UpstreamRequest): Promise<UpstreamResponse> {
    const guarded = !request.bypassBreaker;
    if (guarded && !this.breaker.tryAcquire()) {
      this.metrics.upstreamErrors.inc({ upstream: this.name, kind: 'circuit_open' });
      throw new UpstreamFailure(
        this.name,
        'circuit_open',
        `circuit open for upstream ${this.name}`,
        this.breaker.retryAfterMs(),
      );
    }
    // A streamed body can be sent once only.
    const attempts = request.retry && !(request.body instanceof Readable) ? this.options.retries + 1 : 1;
    const deadline = performance.now() + request.timeoutMs;
    let reported = false;
    const report = (ok: boolean) => {
      if (!guarded || reported) return;
      reported = true;
      if (ok) this.breaker.success();
      else this.breaker.failure();
    };
    try {
      for (let attempt = 1; ; attempt += 1) {
        const remaining = deadline - performance.now();
        if (remaining <= 0) throw new UpstreamFailure(this.name, 'timeout', `upstream ${this.name} timed out`);
        try {
          const response = await this.#once(request, remaining);
          if (attempt < attempts && RETRY_STATUSES.has(response.status)) {
            await sleep(Math.min(50 * attempt, remaining / 4));
            continue;
          }
          if (response.status >= 500) this.metrics.upstreamErrors.inc({ upstream: this.name, kind: 'status_5xx' });
          report(response.status < 500);
          return response;
        } catch (err) {
          const failure = this.#classify(err);
          if (failure.kind === 'unavailable' && attempt < attempts) {
            await sleep(Math.min(50 * attempt, remaining / 4));
            continue;
          }
          throw failure;
        }
      }
    } catch (err) {
      // The client's body failed: the breaker's slot is released below, counted neither way.
      if (request.clientFault?.()) throw err;
      const failure = err instanceof UpstreamFailure ? err : this.#classify(err);
      this.metrics.upstreamErrors.inc({ upstream: this.name, kind: failure.kind });
      report(false);
      throw failure;
    } finally {
      // A call that neither succeeded nor failed (the client's body failed) must not hold the trial slot.
      if (guarded && !reported) this.breaker.release();
    }
  }

  /** True when the upstream answers HTTP at all (any status) within the timeout. */
  async probe(timeoutMs: number): Promise<boolean> {
    try {
      const response = await this.pool.request({
        path: `${this.basePath}/`,
        method: 'GET',
        signal: AbortSignal.timeout(timeoutMs),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      await response.body.dump();
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  async #once(request: UpstreamRequest, timeoutMs: number): Promise<UpstreamResponse> {
    const signal = AbortSignal.timeout(Math.max(1, Math.round(timeoutMs)));
    const started = performance.now();
    let status = 'error';
    try {
      const options: Dispatcher.RequestOptions = {
        path: this.basePath + request.path,
        method: request.method as Dispatcher.HttpMethod,
        headers: request.headers ?? {},
        body: request.body ?? null,
        signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      };
      const response = await this.pool.request(options);
      const body = await readCapped(response.body, this.options.maxBodyBytes);
      if (body === null) {
        throw new UpstreamFailure(
          this.name,
          'too_large',
          `upstream ${this.name} answer over ${this.options.maxBodyBytes} bytes`,
        );
      }
      status = `${Math.floor(response.statusCode / 100)}xx`;
      return { status: response.statusCode, headers: response.headers, body, latencyMs: performance.now() - started };
    } catch (err) {
      if (signal.aborted && !(err instanceof UpstreamFailure)) {
        throw new UpstreamFailure(
          this.name,
          'timeout',
          `upstream ${this.name} timed out after ${Math.round(timeoutMs)} ms`,
        );
      }
      throw err;
    } finally {
      this.metrics.upstreamDuration.observe({ upstream: this.name, status }, (performance.now() - started) / 1000);
    }
  }

  #classify(err: unknown): UpstreamFailure {
    if (err instanceof UpstreamFailure) return err;
    const code = (err as { code?: unknown } | null)?.code;
    const message = err instanceof Error ? err.message : String(err);
    if (typeof code === 'string' && TIMEOUT_CODES.has(code)) {
      return new UpstreamFailure(this.name, 'timeout', `upstream ${this.name} timed out (${code})`);
    }
    return new UpstreamFailure(
      this.name,
      'unavailable',
      `upstream ${this.name} unreachable: ${typeof code === 'string' ? code : message}`,
    );
  }
}

/** The whole body, or null (and the stream destroyed) once it passes the cap. */
async function readCapped(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    total += buffer.length;
    if (total > maxBytes) {
      body.destroy();
      return null;
    }
    chunks.push(buffer);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
}
