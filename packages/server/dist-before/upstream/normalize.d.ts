import type { IncomingHttpHeaders } from 'node:http';
import { type Dialect, type Envelope } from '@credit-portal/shared';
/**
 * The gateway's answer to an upstream JSON answer (README "Envelope and status rules"):
 * - 用户未登录！ in any dialect → 401 not_logged_in;
 * - upstream 5xx → 502, ok false, the upstream's own code when its body speaks the dialect, a
 *   generic message and no data (the upstream's text is logged, not shown);
 * - a body that is not the route's dialect → 502 upstream_invalid_response on 2xx/3xx, the
 *   gateway's code for the status on 4xx;
 * - upstream 3xx → 502 upstream_invalid_response: redirects are never passed on;
 * - otherwise the upstream's HTTP status and its normalized envelope (ok false on 4xx).
 */
export declare function normalizeUpstreamAnswer(dialect: Dialect, status: number, headers: IncomingHttpHeaders, body: Buffer): {
    statusCode: number;
    envelope: Envelope<unknown>;
};
