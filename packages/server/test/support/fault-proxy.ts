import { Agent, createServer, request as forward, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERROR_MESSAGES } from '@credit-portal/shared';
import { dialectOfPath, errorBody } from '@credit-portal/credit-service';

/** How the upstream misbehaves for a path prefix; 'off' clears the prefix's fault. */
export interface FaultRequest {
  pathPrefix: string;
  mode: 'error' | 'timeout' | 'delay' | 'invalid' | 'off';
  /** HTTP status of mode 'error' (default 500). */
  status?: number;
  /** Wait of mode 'delay', in ms (default 0). */
  delayMs?: number;
}

/** An active fault: every request whose path starts with pathPrefix misbehaves (longest prefix wins). */
export interface FaultRule {
  pathPrefix: string;
  mode: Exclude<FaultRequest['mode'], 'off'>;
  status: number;
  delayMs: number;
}

/** What a broken upstream sends in mode 'invalid': not JSON, though it claims to be. */
export const INVALID_BODY = '<html><head><title>502 Bad Gateway</title></head><body>upstream error</body></html>';

/** An HTTP proxy in front of a real upstream that counts requests by path and misbehaves on demand. */
export interface FaultProxy {
  url: string;
  port: number;
  /** Requests counted per URL path (no query) since the last reset, faulted ones included. */
  stats(): Record<string, number>;
  /** How many requests reached one path. */
  count(path: string): number;
  /** Sets (or with mode 'off' clears) a prefix's fault; returns the active faults. */
  fault(request: FaultRequest): FaultRule[];
  /** Clears counts and faults. */
  reset(): void;
  /** Stops listening; requests held by mode 'timeout' are cut off. */
  close(): Promise<void>;
}

// Hop-by-hop: each side of the proxy keeps its own connection.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);
const endToEnd = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

/**
 * Starts a fault proxy on 127.0.0.1:`port` (0: a free one) forwarding to `target`. Every request
 * is counted and faulted before it is forwarded, so a request the upstream would refuse still
 * counts and still misbehaves: 'error' answers the status in the path's dialect, 'invalid' a 200
 * whose JSON is not, 'delay' forwards after the wait, 'timeout' never answers.
 */
export async function startFaultProxy(target: string, port = 0): Promise<FaultProxy> {
  const counts = new Map<string, number>();
  const faults = new Map<string, FaultRule>();
  const held = new Set<ServerResponse>();
  const closing = new AbortController();
  const agent = new Agent({ keepAlive: true });

  const faultFor = (path: string): FaultRule | undefined => {
    let match: FaultRule | undefined;
    for (const rule of faults.values()) {
      if (path.startsWith(rule.pathPrefix) && (!match || rule.pathPrefix.length > match.pathPrefix.length))
        match = rule;
    }
    return match;
  };

  const server = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const fault = faultFor(path);
    switch (fault?.mode) {
      case 'error': {
        const message = fault.status >= 500 ? ERROR_MESSAGES.internal_error : ERROR_MESSAGES.bad_request;
        req.resume();
        res.writeHead(fault.status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(errorBody(dialectOfPath(path), fault.status, message)));
        return;
      }
      case 'invalid':
        req.resume();
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(INVALID_BODY);
        return;
      case 'timeout':
        // Never answer: the client gives up, or close() cuts the socket.
        held.add(res);
        res.once('close', () => held.delete(res));
        return;
      case 'delay':
        // Closing: forward now rather than hold the close.
        await sleep(fault.delayMs, undefined, { signal: closing.signal }).catch(() => undefined);
        break;
    }
    const upstream = forward(
      target + req.url,
      { method: req.method, headers: endToEnd(req.headers), agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
      },
    );
    // The upstream is gone or cut the answer: so is the answer to the client; a client that gave up ends the call.
    upstream.once('error', () => res.destroy());
    res.once('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  // Longer than the gateway's idle upstream connections live, so a kept-alive connection is never cut under it.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    stats: () => Object.fromEntries(counts),
    count: (path) => counts.get(path) ?? 0,
    fault: (request) => {
      if (request.mode === 'off') faults.delete(request.pathPrefix);
      else {
        faults.set(request.pathPrefix, {
          pathPrefix: request.pathPrefix,
          mode: request.mode,
          status: request.status ?? 500,
          delayMs: request.delayMs ?? 0,
        });
      }
      return [...faults.values()];
    },
    reset: () => {
      counts.clear();
      faults.clear();
    },
    close: async () => {
      closing.abort();
      for (const response of held) response.destroy();
      held.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      agent.destroy();
    },
  };
}
