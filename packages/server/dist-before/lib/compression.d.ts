/** The content codings the gateway sends, in its order of preference. */
export type Coding = 'br' | 'gzip';
/** Compressed forms of one body (absent when compressing did not make it smaller). */
export type Variants = Partial<Record<Coding, Buffer>>;
/** Whether an answer may be compressed: JSON (never a PDF or another file) of at least minBytes. */
export declare function compressible(headers: Readonly<Record<string, string>>, body: Buffer, minBytes: number): boolean;
/** Both compressed forms of a body that is about to be stored, made once. */
export declare function compressForStore(body: Buffer): Variants;
/** One compressed form of a body that is sent once (in zlib's thread pool); null when it would not be smaller. */
export declare function compressLive(body: Buffer, coding: Coding): Promise<Buffer | null>;
/**
 * The coding to answer with for an Accept-Encoding header: br when accepted (q > 0) at least as
 * much as gzip, else gzip, else none. `*` stands for the codings not named. Remembered per
 * distinct header value (browsers send a handful), so a hit does not parse it again.
 */
export declare function negotiate(header: string | string[] | undefined): Coding | null;
