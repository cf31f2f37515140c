export type CircuitState = 'closed' | 'open' | 'half_open';
export interface CircuitBreakerOptions {
    /** Consecutive failures that open the circuit. */
    failureThreshold: number;
    /** How long the circuit stays open before one trial request is let through. */
    openMs: number;
    onStateChange?: (state: CircuitState) => void;
    now?: () => number;
}
/**
 * A per-upstream circuit breaker: after `failureThreshold` consecutive failures (connection
 * errors, timeouts, 5xx) calls fail fast for `openMs`; then a single trial call decides whether
 * it closes again or stays open for another period.
 */
export declare class CircuitBreaker {
    #private;
    constructor(options: CircuitBreakerOptions);
    get state(): CircuitState;
    /** How long until an open circuit lets a trial call through (0 when it is not open): the Retry-After of its 503s. */
    retryAfterMs(): number;
    /** True when a call may go ahead; a caller that got true must report success() or failure(). */
    tryAcquire(): boolean;
    success(): void;
    failure(): void;
    /** Reports neither outcome (e.g. the caller gave up): frees the trial slot. */
    release(): void;
}
