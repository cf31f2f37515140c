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
export class CircuitBreaker {
  #state: CircuitState = 'closed';
  #failures = 0;
  #openedAt = 0;
  #trialInFlight = false;
  readonly #options: Required<Omit<CircuitBreakerOptions, 'onStateChange'>> &
    Pick<CircuitBreakerOptions, 'onStateChange'>;

  constructor(options: CircuitBreakerOptions) {
    this.#options = { now: Date.now, ...options };
  }

  get state(): CircuitState {
    return this.#state;
  }

  /** How long until an open circuit lets a trial call through (0 when it is not open): the Retry-After of its 503s. */
  retryAfterMs(): number {
    if (this.#state !== 'open') return 0;
    return Math.max(0, this.#options.openMs - (this.#options.now() - this.#openedAt));
  }

  /** True when a call may go ahead; a caller that got true must report success() or failure(). */
  tryAcquire(): boolean {
    if (this.#state === 'closed') return true;
    if (this.#state === 'open') {
      if (this.#options.now() - this.#openedAt < this.#options.openMs) return false;
      this.#transition('half_open');
    }
    if (this.#trialInFlight) return false;
    this.#trialInFlight = true;
    return true;
  }

  success(): void {
    this.#failures = 0;
    this.#trialInFlight = false;
    if (this.#state !== 'closed') this.#transition('closed');
  }

  failure(): void {
    this.#trialInFlight = false;
    this.#failures += 1;
    if (this.#state === 'half_open' || (this.#state === 'closed' && this.#failures >= this.#options.failureThreshold)) {
      this.#openedAt = this.#options.now();
      this.#transition('open');
    }
  }

  /** Reports neither outcome (e.g. the caller gave up): frees the trial slot. */
  release(): void {
    this.#trialInFlight = false;
  }

  #transition(state: CircuitState): void {
    this.#state = state;
    this.#options.onStateChange?.(state);
  }
}
