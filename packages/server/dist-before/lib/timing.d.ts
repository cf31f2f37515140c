/** Waits `ms`; resolves early (without throwing) when the signal aborts. */
export declare function sleep(ms: number, signal?: AbortSignal): Promise<void>;
/** Exponential backoff with full jitter: a random wait in [base, min(max, base·2^attempt)]. */
export declare function backoffMs(attempt: number, baseMs: number, maxMs: number): number;
