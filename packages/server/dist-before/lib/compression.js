import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
const JSON_TYPE = /^application\/json\b/i;
/** Whether an answer may be compressed: JSON (never a PDF or another file) of at least minBytes. */
export function compressible(headers, body, minBytes) {
    return body.length >= minBytes && JSON_TYPE.test(headers['content-type'] ?? '');
}
/** Stored entries: made once, so compressed harder. */
const STORED_BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } };
/** An answer compressed for one request only (off the event loop): fast settings. */
const LIVE_BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
/** Both compressed forms of a body that is about to be stored, made once. */
export function compressForStore(body) {
    const variants = {};
    const br = brotliCompressSync(body, STORED_BROTLI);
    if (br.length < body.length)
        variants.br = br;
    const gz = gzipSync(body, { level: 6 });
    if (gz.length < body.length)
        variants.gzip = gz;
    return variants;
}
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** One compressed form of a body that is sent once (in zlib's thread pool); null when it would not be smaller. */
export async function compressLive(body, coding) {
    const out = coding === 'br' ? await brotliAsync(body, LIVE_BROTLI) : await gzipAsync(body, { level: 6 });
    return out.length < body.length ? out : null;
}
const negotiated = new Map();
const NEGOTIATED_MAX = 256;
/**
 * The coding to answer with for an Accept-Encoding header: br when accepted (q > 0) at least as
 * much as gzip, else gzip, else none. `*` stands for the codings not named. Remembered per
 * distinct header value (browsers send a handful), so a hit does not parse it again.
 */
export function negotiate(header) {
    if (typeof header !== 'string' || header === '')
        return null;
    const known = negotiated.get(header);
    if (known !== undefined)
        return known;
    let br;
    let gz;
    let any;
    for (const part of header.split(',')) {
        const [rawName = '', ...params] = part.split(';');
        const name = rawName.trim().toLowerCase();
        let q = 1;
        for (const param of params) {
            const [key, value] = param.split('=');
            if (key?.trim().toLowerCase() === 'q') {
                const parsed = Number(value?.trim());
                q = Number.isFinite(parsed) ? parsed : 0;
            }
        }
        if (name === 'br')
            br = q;
        else if (name === 'gzip' || name === 'x-gzip')
            gz = Math.max(gz ?? 0, q);
        else if (name === '*')
            any = q;
    }
    const brQ = br ?? any ?? 0;
    const gzQ = gz ?? any ?? 0;
    const coding = brQ > 0 && brQ >= gzQ ? 'br' : gzQ > 0 ? 'gzip' : null;
    if (negotiated.size >= NEGOTIATED_MAX)
        negotiated.clear();
    negotiated.set(header, coding);
    return coding;
}
//# sourceMappingURL=compression.js.map