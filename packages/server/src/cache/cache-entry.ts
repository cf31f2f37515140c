import { createHash } from 'node:crypto';
import { compressForStore, compressible, negotiate, type Coding } from '../lib/compression.js';
import type { CachePolicy } from '../route-table.js';

/** An answer ready to send: status, headers and the serialized body bytes. */
export interface Answer {
  statusCode: number;
  headers: Readonly<Record<string, string>>;
  body: Buffer;
}

/** An answer as the proxy produced it, with whether the cache may keep it. */
export interface ProducedAnswer extends Answer {
  cacheable: boolean;
}

/** A cached answer: the bytes to send plus when it stops being fresh, servable and kept. */
export interface CacheEntry extends Answer {
  path: string;
  tags: readonly string[];
  /** When its upstream call began (a purge of one of its tags at or after this time buries it). */
  storedAt: number;
  /** Until then: HIT. */
  freshUntil: number;
  /** Until then: STALE while one background refresh runs. */
  staleUntil: number;
  /** Until then: STALE when the upstream fails; the entry is dropped after it. */
  errorStaleUntil: number;
  /** Bytes, for the in-process tier's budget. */
  size: number;
  /** The headers of a fresh hit, merged once when the entry is made: a hit sends them as they are. */
  hitHeaders: Readonly<Record<string, string>>;
  /** True when the answer is sent compressed to clients that take it (Vary: Accept-Encoding). */
  vary: boolean;
  /** Compressed forms, each with its hit headers: made once (withCodings), so a hit costs no compression. */
  encoded: Partial<Record<Coding, { body: Buffer; hitHeaders: Readonly<Record<string, string>> }>>;
}

/**
 * The entry with its compressed forms and their hit headers when it is compressible (JSON of at
 * least minBytes); the in-process tier keeps entries in this form.
 */
export function withCodings(entry: CacheEntry, minBytes: number): CacheEntry {
  if (entry.vary || !compressible(entry.headers, entry.body, minBytes)) return entry;
  const vary = { vary: 'Accept-Encoding' };
  const encoded: CacheEntry['encoded'] = {};
  let size = entry.size;
  for (const [coding, body] of Object.entries(compressForStore(entry.body)) as Array<[Coding, Buffer]>) {
    encoded[coding] = { body, hitHeaders: hitHeadersOf({ ...entry.headers, ...vary, 'content-encoding': coding }) };
    size += body.length;
  }
  return { ...entry, vary: true, encoded, size, hitHeaders: hitHeadersOf({ ...entry.headers, ...vary }) };
}

/**
 * What a fresh hit sends, whoever answers it (the fast path in front of the router, or the proxy
 * route): the stored form for the client's Accept-Encoding, with the hit headers made for it.
 */
export function hitAnswer(entry: CacheEntry, acceptEncoding: string | string[] | undefined): Answer {
  const coding = entry.vary ? negotiate(acceptEncoding) : null;
  const coded = coding === null ? undefined : entry.encoded[coding];
  return coded === undefined
    ? { statusCode: entry.statusCode, headers: entry.hitHeaders, body: entry.body }
    : { statusCode: entry.statusCode, headers: coded.hitHeaders, body: coded.body };
}

/** The headers a fresh hit is sent with: the answer's own, x-cache and the revalidation rule. */
function hitHeadersOf(headers: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  return Object.freeze({ ...headers, 'x-cache': 'HIT', 'cache-control': 'no-cache' });
}

/**
 * Builds an entry from a fresh answer under a route's policy: fresh from `now`, dated `asOf` (when
 * its upstream call began: a purge since then buries it, see tombstones.ts).
 */
export function toEntry(answer: Answer, path: string, policy: CachePolicy, now = Date.now(), asOf = now): CacheEntry {
  const freshUntil = now + policy.ttlMs;
  return {
    statusCode: answer.statusCode,
    headers: answer.headers,
    body: answer.body,
    path,
    tags: policy.tags,
    storedAt: asOf,
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
export function hashKey(key: string): string {
  return createHash('sha1').update(key).digest('base64url');
}

interface EntryMeta {
  s: number;
  h: Record<string, string>;
  p: string;
  t: string[];
  st: number;
  f: number;
  su: number;
  eu: number;
}

/**
 * Serializes an entry for Redis as [4-byte meta length][meta JSON][body bytes], so a hit never
 * parses or re-serializes the answer body.
 */
export function encodeEntry(entry: CacheEntry): Buffer {
  const meta: EntryMeta = {
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
export function decodeEntry(bytes: Buffer): CacheEntry | undefined {
  if (bytes.length < 4) return undefined;
  const metaLength = bytes.readUInt32BE(0);
  if (4 + metaLength > bytes.length) return undefined;
  let meta: EntryMeta;
  try {
    meta = JSON.parse(bytes.subarray(4, 4 + metaLength).toString('utf8')) as EntryMeta;
  } catch {
    return undefined;
  }
  if (typeof meta.s !== 'number' || typeof meta.f !== 'number' || typeof meta.p !== 'string') return undefined;
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
