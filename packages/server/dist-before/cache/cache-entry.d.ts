import { type Coding } from '../lib/compression.js';
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
    encoded: Partial<Record<Coding, {
        body: Buffer;
        hitHeaders: Readonly<Record<string, string>>;
    }>>;
}
/**
 * The entry with its compressed forms and their hit headers when it is compressible (JSON of at
 * least minBytes); the in-process tier keeps entries in this form.
 */
export declare function withCodings(entry: CacheEntry, minBytes: number): CacheEntry;
/** Builds an entry from a fresh answer under a route's policy. */
export declare function toEntry(answer: Answer, path: string, policy: CachePolicy, now?: number): CacheEntry;
/** A short, fixed-length form of a (possibly long) cache key for Redis key names. */
export declare function hashKey(key: string): string;
/**
 * Serializes an entry for Redis as [4-byte meta length][meta JSON][body bytes], so a hit never
 * parses or re-serializes the answer body.
 */
export declare function encodeEntry(entry: CacheEntry): Buffer;
/** Reads an entry written by encodeEntry; undefined for anything else. */
export declare function decodeEntry(bytes: Buffer): CacheEntry | undefined;
