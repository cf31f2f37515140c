import { ERROR_CODES, ERROR_MESSAGES, errorEnvelope, normalizeEnvelope, } from '@credit-portal/shared';
import { upstreamStatusAnswer } from '../lib/errors.js';
/** Content types a legacy upstream may put on a JSON body; anything else is not JSON. */
const JSON_LIKE = /json|^text\//i;
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
export function normalizeUpstreamAnswer(dialect, status, headers, body) {
    const envelope = normalizeEnvelope(dialect, parseJson(headers['content-type'], body));
    if (envelope?.code === ERROR_CODES.notLoggedIn)
        return { statusCode: 401, envelope };
    if (status >= 500 && envelope) {
        return {
            statusCode: 502,
            envelope: { ok: false, code: envelope.code, message: ERROR_MESSAGES.upstream_error, data: null },
        };
    }
    if (!envelope || (status >= 300 && status < 400)) {
        const { statusCode, code } = upstreamStatusAnswer(status);
        return { statusCode, envelope: errorEnvelope(code) };
    }
    return { statusCode: status, envelope: status >= 400 ? { ...envelope, ok: false } : envelope };
}
function parseJson(contentType, body) {
    const type = Array.isArray(contentType) ? contentType[0] : contentType;
    if (type !== undefined && !JSON_LIKE.test(type))
        return undefined;
    if (body.length === 0)
        return undefined;
    try {
        return JSON.parse(body.toString('utf8'));
    }
    catch {
        return undefined;
    }
}
//# sourceMappingURL=normalize.js.map