import { createHash } from 'node:crypto';
import { compressForStore, compressible } from '../lib/compression.js';
/**
 * The entry with its compressed forms and their hit headers when it is compressible (JSON of at
 * least minBytes); the in-process tier keeps entries in this form.
 */
export function withCodings(entry, minBytes) {
    if (entry.vary || !compressible(entry.headers, entry.body, minBytes))
        return entry;
    const vary = { vary: 'Accept-Encoding' };
    const encoded = {};
    let size = entry.size;
    for (const [coding, body] of Object.entries(compressForStore(entry.body))) {
        encoded[coding] = { body, hitHeaders: hitHeadersOf({ ...entry.headers, ...vary, 'content-encoding': coding }) };
        size += body.length;
    }
    return { ...entry, vary: true, encoded, size, hitHeaders: hitHeadersOf({ ...entry.headers, ...vary }) };
}
/** The headers a fresh hit is sent with: the answer's own, x-cache and the revalidation rule. */
function hitHeadersOf(headers) {
    return Object.freeze({ ...headers, 'x-cache': 'HIT', 'cache-control': 'no-cache' });
}
/** Builds an entry from a fresh answer under a route's policy. */
export function toEntry(answer, path, policy, now = Date.now()) {
    const freshUntil = now + policy.ttlMs;
    return {
        statusCode: answer.statusCode,
        headers: answer.headers,
        body: answer.body,
        path,
        tags: policy.tags,
        storedAt: now,
        freshUntil,
        staleUntil: freshUntil + policy.staleMs,
        errorStaleUntil: freshUntil + policy.errorStaleMs,
        size: answer.body.length + 256,
        hitHeaders: hitHeadersOf(answer.headers),
        vary: false,
        encoded: {},
    };
}
/** A short, fixed-length form of a (possibly long) cache key for Redis key names. */
export function hashKey(key) {
    return createHash('sha1').update(key).digest('base64url');
}
/**
 * Serializes an entry for Redis as [4-byte meta length][meta JSON][body bytes], so a hit never
 * parses or re-serializes the answer body.
 */
export function encodeEntry(entry) {
    const meta = {
        s: entry.statusCode,
        h: { ...entry.headers },
        p: entry.path,
        t: [...entry.tags],
        st: entry.storedAt,
        f: entry.freshUntil,
        su: entry.staleUntil,
        eu: entry.errorStaleUntil,
    };
    const metaBytes = Buffer.from(JSON.stringify(meta), 'utf8');
    const head = Buffer.allocUnsafe(4);
    head.writeUInt32BE(metaBytes.length, 0);
    return Buffer.concat([head, metaBytes, entry.body]);
}
/** Reads an entry written by encodeEntry; undefined for anything else. */
export function decodeEntry(bytes) {
    if (bytes.length < 4)
        return undefined;
    const metaLength = bytes.readUInt32BE(0);
    if (4 + metaLength > bytes.length)
        return undefined;
    let meta;
    try {
        meta = JSON.parse(bytes.subarray(4, 4 + metaLength).toString('utf8'));
    }
    catch {
        return undefined;
    }
    if (typeof meta.s !== 'number' || typeof meta.f !== 'number' || typeof meta.p !== 'string')
        return undefined;
    const body = bytes.subarray(4 + metaLength);
    return {
        statusCode: meta.s,
        headers: meta.h ?? {},
        body,
        path: meta.p,
        tags: Array.isArray(meta.t) ? meta.t : [],
        storedAt: meta.st,
        freshUntil: meta.f,
        staleUntil: meta.su,
        errorStaleUntil: meta.eu,
        size: body.length + 256,
        hitHeaders: hitHeadersOf(meta.h ?? {}),
        vary: false,
        encoded: {},
    };
}
//# sourceMappingURL=cache-entry.js.map