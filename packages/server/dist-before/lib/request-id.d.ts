import type { IncomingMessage } from 'node:http';
/** The request id: an incoming X-Request-Id (from a proxy in front) when it looks like one, else a new UUID. */
export declare function requestIdOf(request: IncomingMessage): string;
