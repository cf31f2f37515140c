/** Rough per-entry bookkeeping cost (map slot, object headers), so many tiny entries still count. */
const ENTRY_OVERHEAD_BYTES = 96;
/**
 * A least-recently-used map bounded by the total bytes of its values and keys, not by a count:
 * cached answers vary from a few hundred bytes to a megabyte. A Map keeps insertion order, so
 * re-inserting on access makes its first key the least recently used one.
 */
export class ByteLru {
    maxBytes;
    #entries = new Map();
    #bytes = 0;
    constructor(maxBytes) {
        this.maxBytes = maxBytes;
    }
    /** Bytes currently held. */
    get bytes() {
        return this.#bytes;
    }
    /** Number of entries. */
    get count() {
        return this.#entries.size;
    }
    /** The value for a key, marking it most recently used. */
    get(key) {
        const value = this.#entries.get(key);
        if (value === undefined)
            return undefined;
        this.#entries.delete(key);
        this.#entries.set(key, value);
        return value;
    }
    /** Stores a value, evicting the least recently used ones; false when the value alone is over the budget. */
    set(key, value) {
        const cost = costOf(key, value);
        this.delete(key);
        if (cost > this.maxBytes)
            return false;
        while (this.#bytes + cost > this.maxBytes) {
            const oldest = this.#entries.keys().next();
            if (oldest.done)
                break;
            this.delete(oldest.value);
        }
        this.#entries.set(key, value);
        this.#bytes += cost;
        return true;
    }
    /** Removes a key; true when it was present. */
    delete(key) {
        const value = this.#entries.get(key);
        if (value === undefined)
            return false;
        this.#entries.delete(key);
        this.#bytes -= costOf(key, value);
        return true;
    }
    /** Removes every entry the predicate selects; returns how many. */
    deleteWhere(predicate) {
        let removed = 0;
        for (const [key, value] of this.#entries) {
            if (predicate(key, value) && this.delete(key))
                removed += 1;
        }
        return removed;
    }
    /** Removes everything. */
    clear() {
        this.#entries.clear();
        this.#bytes = 0;
    }
}
function costOf(key, value) {
    // JavaScript strings are UTF-16 in memory: two bytes a character.
    return value.size + key.length * 2 + ENTRY_OVERHEAD_BYTES;
}
//# sourceMappingURL=byte-lru.js.map