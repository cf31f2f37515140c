import { Readable, Transform } from 'node:stream';
import { ERROR_CODES } from '@credit-portal/shared';
import { GatewayError, UpstreamFailure, upstreamFailureError } from '../lib/errors.js';
import { JSON_FORWARDED_HEADERS, forwardHeaders } from './forwarded-headers.js';
import { normalizeUpstreamAnswer } from './normalize.js';
const JSON_HEADERS = Object.freeze({ 'content-type': 'application/json; charset=utf-8' });
/** File answers (rows with fileAnswer): the types passed through, and the headers kept with them. */
const FILE_TYPES = /^application\/pdf\b/i;
const FILE_HEADERS = ['content-type', 'content-disposition', 'x-report-number'];
/**
 * Calls a JSON route's upstream for a request (the route's path, `search` and `requestBody` as
 * the cache flow left them) and turns its answer into the gateway's: the normalized envelope as
 * bytes (its data written by the contract's serializer), or a generated file passed through.
 * A failure to get an answer throws the GatewayError it is answered with.
 */
export async function callUpstream(target, request, method, search, requestBody) {
    const { client } = target;
    const headers = forwardHeaders(request, JSON_FORWARDED_HEADERS, {
        accept: 'application/json',
        'x-request-id': request.id,
        'x-forwarded-for': request.ip,
        'x-forwarded-proto': request.protocol,
    });
    let body = null;
    if (method !== 'GET' && requestBody !== undefined && requestBody !== null) {
        if (requestBody instanceof Readable) {
            body = requestBody;
            headers['content-type'] = String(request.headers['content-type']);
        }
        else {
            body = JSON.stringify(requestBody);
            headers['content-type'] = 'application/json';
        }
    }
    const path = `${request.routeOptions.url}${search ? `?${search}` : ''}`;
    let response;
    try {
        response = await client.request({
            method,
            path,
            headers,
            body,
            timeoutMs: target.timeoutMs,
            retry: method === 'GET',
        });
    }
    catch (err) {
        if (body instanceof ByteLimit && body.exceeded)
            throw new GatewayError(413, ERROR_CODES.payloadTooLarge);
        if (err instanceof UpstreamFailure) {
            request.log.warn({ upstream: err.upstream, kind: err.kind, reason: err.message }, 'upstream call failed');
            throw upstreamFailureError(err.kind, err.retryAfterMs);
        }
        throw err;
    }
    request.upstreamMs = response.latencyMs;
    // A generated file (a report's PDF) passes through byte for byte with its own headers.
    if (target.fileAnswer && response.status === 200 && FILE_TYPES.test(String(response.headers['content-type'] ?? ''))) {
        const headers = {};
        for (const name of FILE_HEADERS) {
            const value = response.headers[name];
            if (typeof value === 'string')
                headers[name] = value;
        }
        return { statusCode: 200, headers, body: response.body, cacheable: false };
    }
    const { statusCode, envelope } = normalizeUpstreamAnswer(target.dialect, response.status, response.headers, response.body);
    if (statusCode === 502 && response.status < 500) {
        request.log.warn({ upstream: client.name, status: response.status }, 'upstream answer is not in the route dialect');
    }
    return {
        statusCode,
        headers: JSON_HEADERS,
        body: envelopeBytes(envelope, target.serializeData),
        cacheable: statusCode === 200 && envelope.ok,
    };
}
/** The normalized envelope as bytes, its data written by the route's serializer when it has one. */
function envelopeBytes(envelope, serializeData) {
    if (!serializeData || !envelope.ok || envelope.data === null || envelope.data === undefined) {
        return Buffer.from(JSON.stringify(envelope));
    }
    const head = `{"ok":true,"code":${JSON.stringify(envelope.code)},"message":${JSON.stringify(envelope.message)}`;
    return Buffer.from(`${head},"data":${serializeData(envelope.data)}}`);
}
/**
 * Passes a raw (form or multipart) request body through to the upstream and fails it once more
 * than `limit` bytes went by: the call then answers 413 payload_too_large.
 */
export class ByteLimit extends Transform {
    limit;
    exceeded = false;
    #seen = 0;
    constructor(limit) {
        super();
        this.limit = limit;
    }
    _transform(chunk, _encoding, callback) {
        this.#seen += chunk.length;
        if (this.#seen > this.limit) {
            this.exceeded = true;
            callback(new GatewayError(413, ERROR_CODES.payloadTooLarge));
            return;
        }
        callback(null, chunk);
    }
}
//# sourceMappingURL=proxy-call.js.map