import { Readable } from 'node:stream';
import { Pool } from 'undici';
import { CircuitBreaker } from '../lib/circuit-breaker.js';
import { UpstreamFailure } from '../lib/errors.js';
import { sleep } from '../lib/timing.js';
const RETRY_STATUSES = new Set([502, 503, 504]);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);
const CIRCUIT_GAUGE = { closed: 0, half_open: 1, open: 2 };
/**
 * One upstream system: a keep-alive undici Pool, a circuit breaker, a deadline per call (the whole
 * call, retries included, fits in the route's timeout) and retries for idempotent reads only.
 */
export class UpstreamClient {
    name;
    options;
    metrics;
    pool;
    breaker;
    /** scheme://host:port of the base URL. */
    origin;
    /** Path prefix of the base URL ('' when none). */
    basePath;
    constructor(name, baseUrl, options, metrics) {
        this.name = name;
        this.options = options;
        this.metrics = metrics;
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
    async request(request) {
        const guarded = !request.bypassBreaker;
        if (guarded && !this.breaker.tryAcquire()) {
            this.metrics.upstreamErrors.inc({ upstream: this.name, kind: 'circuit_open' });
            throw new UpstreamFailure(this.name, 'circuit_open', `circuit open for upstream ${this.name}`, this.breaker.retryAfterMs());
        }
        // A streamed body can be sent once only.
        const attempts = request.retry && !(request.body instanceof Readable) ? this.options.retries + 1 : 1;
        const deadline = performance.now() + request.timeoutMs;
        let reported = false;
        const report = (ok) => {
            if (!guarded || reported)
                return;
            reported = true;
            if (ok)
                this.breaker.success();
            else
                this.breaker.failure();
        };
        try {
            for (let attempt = 1;; attempt += 1) {
                const remaining = deadline - performance.now();
                if (remaining <= 0)
                    throw new UpstreamFailure(this.name, 'timeout', `upstream ${this.name} timed out`);
                try {
                    const response = await this.#once(request, remaining);
                    if (attempt < attempts && RETRY_STATUSES.has(response.status)) {
                        await sleep(Math.min(50 * attempt, remaining / 4));
                        continue;
                    }
                    if (response.status >= 500)
                        this.metrics.upstreamErrors.inc({ upstream: this.name, kind: 'status_5xx' });
                    report(response.status < 500);
                    return response;
                }
                catch (err) {
                    const failure = this.#classify(err);
                    if (failure.kind === 'unavailable' && attempt < attempts) {
                        await sleep(Math.min(50 * attempt, remaining / 4));
                        continue;
                    }
                    throw failure;
                }
            }
        }
        catch (err) {
            const failure = err instanceof UpstreamFailure ? err : this.#classify(err);
            this.metrics.upstreamErrors.inc({ upstream: this.name, kind: failure.kind });
            report(false);
            throw failure;
        }
        finally {
            // A caller that neither succeeded nor failed (cannot happen today) must not hold the trial slot.
            if (guarded && !reported)
                this.breaker.release();
        }
    }
    /** True when the upstream answers HTTP at all (any status) within the timeout. */
    async probe(timeoutMs) {
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
        }
        catch {
            return false;
        }
    }
    async close() {
        await this.pool.close();
    }
    async #once(request, timeoutMs) {
        const signal = AbortSignal.timeout(Math.max(1, Math.round(timeoutMs)));
        const started = performance.now();
        let status = 'error';
        try {
            const options = {
                path: this.basePath + request.path,
                method: request.method,
                headers: request.headers ?? {},
                body: request.body ?? null,
                signal,
                headersTimeout: timeoutMs,
                bodyTimeout: timeoutMs,
            };
            const response = await this.pool.request(options);
            const body = await readCapped(response.body, this.options.maxBodyBytes);
            if (body === null) {
                throw new UpstreamFailure(this.name, 'too_large', `upstream ${this.name} answer over ${this.options.maxBodyBytes} bytes`);
            }
            status = `${Math.floor(response.statusCode / 100)}xx`;
            return { status: response.statusCode, headers: response.headers, body, latencyMs: performance.now() - started };
        }
        catch (err) {
            if (signal.aborted && !(err instanceof UpstreamFailure)) {
                throw new UpstreamFailure(this.name, 'timeout', `upstream ${this.name} timed out after ${Math.round(timeoutMs)} ms`);
            }
            throw err;
        }
        finally {
            this.metrics.upstreamDuration.observe({ upstream: this.name, status }, (performance.now() - started) / 1000);
        }
    }
    #classify(err) {
        if (err instanceof UpstreamFailure)
            return err;
        const code = err?.code;
        const message = err instanceof Error ? err.message : String(err);
        if (typeof code === 'string' && TIMEOUT_CODES.has(code)) {
            return new UpstreamFailure(this.name, 'timeout', `upstream ${this.name} timed out (${code})`);
        }
        return new UpstreamFailure(this.name, 'unavailable', `upstream ${this.name} unreachable: ${typeof code === 'string' ? code : message}`);
    }
}
/** The whole body, or null (and the stream destroyed) once it passes the cap. */
async function readCapped(body, maxBytes) {
    const chunks = [];
    let total = 0;
    for await (const chunk of body) {
        const buffer = chunk;
        total += buffer.length;
        if (total > maxBytes) {
            body.destroy();
            return null;
        }
        chunks.push(buffer);
    }
    return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total);
}
//# sourceMappingURL=upstream-client.js.map