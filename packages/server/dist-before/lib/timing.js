import { setTimeout as delay } from 'node:timers/promises';
/** Waits `ms`; resolves early (without throwing) when the signal aborts. */
export async function sleep(ms, signal) {
    if (signal?.aborted)
        return;
    try {
        await delay(ms, undefined, signal ? { signal } : undefined);
    }
    catch {
        // Aborted: the caller checks its own state.
    }
}
/** Exponential backoff with full jitter: a random wait in [base, min(max, base·2^attempt)]. */
export function backoffMs(attempt, baseMs, maxMs) {
    const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
    return Math.round(baseMs + Math.random() * Math.max(0, ceiling - baseMs));
}
//# sourceMappingURL=timing.js.map