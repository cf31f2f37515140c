/*
 * How the browser times the end of an idle login from the runtime config's sessionIdleSeconds
 * (SESSION_IDLE_SECONDS, which the credit-service enforces too). The browser counts from its
 * last contact with the service (a login or a keep-alive call, any tab: lastSessionContact), and
 * ends the login a little before the service would — the service records a session's use at most
 * every 30 s — so a person is never shown a login the service has already ended.
 */

export interface IdleTiming {
  /** The idle timeout, ms. */
  idleMs: number;
  /** While the person is active, the session is kept alive at most this often. */
  keepAliveMs: number;
  /** The warning shows this long before the end. */
  warningMs: number;
  /** How much earlier than the service the browser ends the login. */
  slackMs: number;
}

export function idleTiming(idleSeconds: number): IdleTiming {
  const idleMs = idleSeconds * 1000;
  return {
    idleMs,
    keepAliveMs: Math.min(2 * 60_000, idleMs / 6),
    warningMs: Math.min(60_000, idleMs / 2),
    slackMs: Math.min(30_000, idleMs / 4),
  };
}

/** When a login last in contact with the service at `contact` ends for want of use, ms. */
export const idleDeadline = (contact: number, timing: IdleTiming): number => contact + timing.idleMs - timing.slackMs;
