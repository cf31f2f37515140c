/**
 * A per-upstream circuit breaker: after `failureThreshold` consecutive failures (connection
 * errors, timeouts, 5xx) calls fail fast for `openMs`; then a single trial call decides whether
 * it closes again or stays open for another period.
 */
export class CircuitBreaker {
    #state = 'closed';
    #failures = 0;
    #openedAt = 0;
    #trialInFlight = false;
    #options;
    constructor(options) {
        this.#options = { now: Date.now, ...options };
    }
    get state() {
        return this.#state;
    }
    /** How long until an open circuit lets a trial call through (0 when it is not open): the Retry-After of its 503s. */
    retryAfterMs() {
        if (this.#state !== 'open')
            return 0;
        return Math.max(0, this.#options.openMs - (this.#options.now() - this.#openedAt));
    }
    /** True when a call may go ahead; a caller that got true must report success() or failure(). */
    tryAcquire() {
        if (this.#state === 'closed')
            return true;
        if (this.#state === 'open') {
            if (this.#options.now() - this.#openedAt < this.#options.openMs)
                return false;
            this.#transition('half_open');
        }
        if (this.#trialInFlight)
            return false;
        this.#trialInFlight = true;
        return true;
    }
    success() {
        this.#failures = 0;
        this.#trialInFlight = false;
        if (this.#state !== 'closed')
            this.#transition('closed');
    }
    failure() {
        this.#trialInFlight = false;
        this.#failures += 1;
        if (this.#state === 'half_open' || (this.#state === 'closed' && this.#failures >= this.#options.failureThreshold)) {
            this.#openedAt = this.#options.now();
            this.#transition('open');
        }
    }
    /** Reports neither outcome (e.g. the caller gave up): frees the trial slot. */
    release() {
        this.#trialInFlight = false;
    }
    #transition(state) {
        this.#state = state;
        this.#options.onStateChange?.(state);
    }
}
//# sourceMappingURL=circuit-breaker.js.map