/** mulberry32: a small, fast 32-bit PRNG; the same seed always yields the same sequence. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes integers into one 32-bit seed (murmur3 finalizer per part), so record i of a kind has its own stream. */
export function mixSeed(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h ^= part >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** A deterministic random source with the helpers the generator needs. */
export class Random {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next();
  }

  /** An integer in [0, max). */
  int(max: number): number {
    return Math.floor(this.next() * max);
  }

  /** An integer in [min, max], both included. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[this.int(items.length)]!;
  }

  /** Picks by weight from [value, weight] pairs. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of items) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return items[items.length - 1]![0];
  }

  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) out.push(pool.splice(this.int(pool.length), 1)[0]!);
    return out;
  }

  /** A string of `length` characters drawn from `alphabet`. */
  chars(alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[this.int(alphabet.length)];
    return out;
  }
}

/**
 * A bijection of [0, size) chosen by the seed: a four-round Feistel network over the smallest
 * even number of bits that covers `size`, cycle-walking values that fall outside. Lets record
 * i get a unique, well-scattered value (a name combination, a code) without remembering which
 * ones were used. `size` must stay below 2^52.
 */
export function permutation(size: number, seed: number): (index: number) => number {
  let bits = Math.max(2, Math.ceil(Math.log2(size)));
  if (bits % 2 === 1) bits += 1;
  const half = 2 ** (bits / 2);
  const keys = [0, 1, 2, 3].map((round) => mixSeed(seed, size % 0xffffffff, round));
  const encrypt = (value: number): number => {
    let left = Math.floor(value / half);
    let right = value % half;
    for (const key of keys) {
      const next = (left + (mixSeed(right, key) % half)) % half;
      left = right;
      right = next;
    }
    return left * half + right;
  };
  return (index) => {
    let value = encrypt(index % size);
    while (value >= size) value = encrypt(value);
    return value;
  };
}
