/**
 * Shape limits of JSON request bodies, checked on the raw bytes as they arrive, before any
 * decoding or JSON.parse: a body nested thousands deep or with a hundred thousand members is
 * refused at the first byte over a limit (usually within its first chunk), so it never reaches
 * the decoder, the parser, the validator, the cache key or the re-serialization (all of which
 * recurse or walk every member).
 */

export interface JsonLimits {
  /** Deepest nesting of objects and arrays (the top-level value is depth 1). */
  maxDepth: number;
  /** Object members in the whole document. */
  maxKeys: number;
  /** Array elements in the whole document. */
  maxItems: number;
}

/** Defaults of both services: far above any contract body, far below what costs a millisecond. */
export const JSON_LIMITS: Readonly<JsonLimits> = Object.freeze({ maxDepth: 32, maxKeys: 1000, maxItems: 10_000 });

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

const isBlank = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * Counts depth, members and elements of UTF-8 JSON fed in chunks, without building anything.
 * Structural characters are ASCII and never occur inside a multi-byte UTF-8 sequence, so bytes
 * can be scanned without decoding. Malformed text is left for JSON.parse to refuse; this only
 * counts. `push` returns why the body breaks the limits (Chinese, for the 400 answer) or null.
 */
export class JsonShapeScanner {
  readonly #limits: Readonly<JsonLimits>;
  // inArray[d] is true when the container at depth d is an array; bounded by maxDepth.
  readonly #inArray: boolean[] = [];
  #depth = 0;
  #keys = 0;
  #items = 0;
  #inString = false;
  #escaped = false;
  /** An array just opened: its first element counts unless the next non-blank byte closes it. */
  #arrayJustOpened = false;

  constructor(limits: Readonly<JsonLimits> = JSON_LIMITS) {
    this.#limits = limits;
  }

  push(chunk: Uint8Array): string | null {
    const limits = this.#limits;
    const length = chunk.length;
    for (let i = 0; i < length; i += 1) {
      const c = chunk[i]!;
      if (this.#inString) {
        if (this.#escaped) this.#escaped = false;
        else if (c === BACKSLASH) this.#escaped = true;
        else if (c === QUOTE) this.#inString = false;
        continue;
      }
      if (this.#arrayJustOpened && !isBlank(c)) {
        this.#arrayJustOpened = false;
        if (c !== CLOSE_ARRAY) this.#items += 1;
      }
      if (c === QUOTE) {
        this.#inString = true;
      } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        this.#depth += 1;
        if (this.#depth > limits.maxDepth) return `请求体嵌套层级超过 ${limits.maxDepth} 层`;
        this.#inArray[this.#depth] = c === OPEN_ARRAY;
        this.#arrayJustOpened = c === OPEN_ARRAY;
      } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        if (this.#depth > 0) this.#depth -= 1;
      } else if (c === COLON) {
        this.#keys += 1;
        if (this.#keys > limits.maxKeys) return `请求体字段数超过 ${limits.maxKeys} 个`;
      } else if (c === COMMA && this.#inArray[this.#depth]) {
        this.#items += 1;
      }
      if (this.#items > limits.maxItems) return `请求体数组元素超过 ${limits.maxItems} 个`;
    }
    return null;
  }
}

/** The shape check of a whole JSON text (see JsonShapeScanner): why it breaks the limits, or null. */
export function jsonShapeProblem(text: string, limits: Readonly<JsonLimits> = JSON_LIMITS): string | null {
  return new JsonShapeScanner(limits).push(new TextEncoder().encode(text));
}
