/** A value that knows how many bytes it occupies. */
export interface Sized {
    readonly size: number;
}
/**
 * A least-recently-used map bounded by the total bytes of its values and keys, not by a count:
 * cached answers vary from a few hundred bytes to a megabyte. A Map keeps insertion order, so
 * re-inserting on access makes its first key the least recently used one.
 */
export declare class ByteLru<V extends Sized> {
    #private;
    readonly maxBytes: number;
    constructor(maxBytes: number);
    /** Bytes currently held. */
    get bytes(): number;
    /** Number of entries. */
    get count(): number;
    /** The value for a key, marking it most recently used. */
    get(key: string): V | undefined;
    /** Stores a value, evicting the least recently used ones; false when the value alone is over the budget. */
    set(key: string, value: V): boolean;
    /** Removes a key; true when it was present. */
    delete(key: string): boolean;
    /** Removes every entry the predicate selects; returns how many. */
    deleteWhere(predicate: (key: string, value: V) => boolean): number;
    /** Removes everything. */
    clear(): void;
}
