import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import fp from 'fastify-plugin';
import { Type, type Static } from 'typebox';
import { ERROR_MESSAGES } from '@credit-portal/shared';
import { dialectOfPath, errorBody } from '../lib/dialect.js';

/** Where the test controls live; requests under it are neither counted nor faulted. */
export const CONTROL_PREFIX = '/__control';

export const FaultModeSchema = Type.Union([
  Type.Literal('error'),
  Type.Literal('timeout'),
  Type.Literal('delay'),
  Type.Literal('invalid'),
  Type.Literal('off'),
]);

/** Body of POST /__control/fault. */
export const FaultRequestSchema = Type.Object({
  pathPrefix: Type.String({ minLength: 1, maxLength: 200, pattern: '^/' }),
  mode: FaultModeSchema,
  /** HTTP status of mode 'error' (default 500). */
  status: Type.Optional(Type.Integer({ minimum: 400, maximum: 599 })),
  /** Wait of mode 'delay', in ms. */
  delayMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 600_000 })),
});
export type FaultRequest = Static<typeof FaultRequestSchema>;

export const FaultRuleSchema = Type.Object({
  pathPrefix: Type.String(),
  mode: Type.Union([Type.Literal('error'), Type.Literal('timeout'), Type.Literal('delay'), Type.Literal('invalid')]),
  status: Type.Integer(),
  delayMs: Type.Integer(),
});
/** An active fault: every request whose path starts with pathPrefix misbehaves (longest prefix wins). */
export type FaultRule = Static<typeof FaultRuleSchema>;

/** What a broken upstream sends in mode 'invalid': not JSON, though it claims to be. */
export const INVALID_BODY = '<html><head><title>502 Bad Gateway</title></head><body>upstream error</body></html>';

/** Request counts and faults of the test controls. */
export class Controls {
  private readonly counts = new Map<string, number>();
  private readonly faults = new Map<string, FaultRule>();

  count(path: string): void {
    this.counts.set(path, (this.counts.get(path) ?? 0) + 1);
  }

  requests(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }

  /** Sets (or with mode 'off' clears) the fault of a path prefix; returns the active faults. */
  setFault(request: FaultRequest): FaultRule[] {
    if (request.mode === 'off') this.faults.delete(request.pathPrefix);
    else {
      this.faults.set(request.pathPrefix, {
        pathPrefix: request.pathPrefix,
        mode: request.mode,
        status: request.status ?? 500,
        delayMs: request.delayMs ?? 0,
      });
    }
    return this.activeFaults();
  }

  activeFaults(): FaultRule[] {
    return [...this.faults.values()];
  }

  faultFor(path: string): FaultRule | undefined {
    let match: FaultRule | undefined;
    for (const rule of this.faults.values()) {
      if (path.startsWith(rule.pathPrefix) && (!match || rule.pathPrefix.length > match.pathPrefix.length))
        match = rule;
    }
    return match;
  }

  /** Clears the counts and every fault. */
  reset(): void {
    this.counts.clear();
    this.faults.clear();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Present only when the app was built with `controls: true`. */
    controls: Controls;
  }
}

/**
 * Test controls (only with `controls: true`): counts every request by path and injects the
 * active fault before anything else runs, so a request that would fail validation still
 * counts and still misbehaves. Held ('timeout') sockets are destroyed when the app closes.
 */
export default fp(
  async (app) => {
    const controls = new Controls();
    const held = new Set<ServerResponse>();
    const closing = new AbortController();
    app.decorate('controls', controls);

    app.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0]!;
      if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) return;
      controls.count(path);
      const fault = controls.faultFor(path);
      if (!fault) return;
      switch (fault.mode) {
        case 'error':
          return reply
            .code(fault.status)
            .send(
              errorBody(
                dialectOfPath(path),
                fault.status,
                fault.status >= 500 ? ERROR_MESSAGES.internal_error : ERROR_MESSAGES.bad_request,
              ),
            );
        case 'delay':
          try {
            await sleep(fault.delayMs, undefined, { signal: closing.signal });
          } catch {
            // The app is closing: answer now rather than hold shutdown.
          }
          return;
        case 'invalid':
          reply.hijack();
          reply.raw.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
          reply.raw.end(INVALID_BODY);
          return reply;
        case 'timeout': {
          // Never answer: the client gives up, or the app's close destroys the socket.
          reply.hijack();
          const response = reply.raw;
          held.add(response);
          response.once('close', () => held.delete(response));
          return reply;
        }
      }
    });

    app.addHook('preClose', async () => {
      closing.abort();
      for (const response of held) response.destroy();
      held.clear();
    });
  },
  { name: 'controls' },
);
