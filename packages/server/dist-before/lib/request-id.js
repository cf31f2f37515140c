import { randomUUID } from 'node:crypto';
const REQUEST_ID = /^[\w.:-]{1,64}$/;
/** The request id: an incoming X-Request-Id (from a proxy in front) when it looks like one, else a new UUID. */
export function requestIdOf(request) {
    const incoming = request.headers['x-request-id'];
    return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
//# sourceMappingURL=request-id.js.map