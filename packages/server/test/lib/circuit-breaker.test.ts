import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from '../../src/lib/circuit-breaker.js';

describe('CircuitBreaker', () => {
  it('opens after the threshold of consecutive failures, then lets one trial through after the open period', () => {
    let now = 0;
    const states: string[] = [];
    const breaker = new CircuitBreaker({
      failureThreshold: 3,
      openMs: 1000,
      now: () => now,
      onStateChange: (s) => states.push(s),
    });
    for (let i = 0; i < 3; i += 1) {
      expect(breaker.tryAcquire()).toBe(true);
      breaker.failure();
    }
    expect(breaker.state).toBe('open');
    expect(breaker.tryAcquire()).toBe(false);
    now = 400;
    expect(breaker.retryAfterMs()).toBe(600);
    now = 1000;
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.state).toBe('half_open');
    // Only one trial at a time.
    expect(breaker.tryAcquire()).toBe(false);
    breaker.success();
    expect(breaker.state).toBe('closed');
    expect(breaker.retryAfterMs()).toBe(0);
    expect(states).toEqual(['open', 'half_open', 'closed']);
  });

  it('re-opens when the trial fails and is reset by a success', () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 2, openMs: 100, now: () => now });
    breaker.failure();
    breaker.success();
    breaker.failure();
    expect(breaker.state).toBe('closed');
    breaker.failure();
    expect(breaker.state).toBe('open');
    now = 100;
    expect(breaker.tryAcquire()).toBe(true);
    breaker.failure();
    expect(breaker.state).toBe('open');
    expect(breaker.tryAcquire()).toBe(false);
  });
});
