/**
 * Shape limits of JSON request bodies, checked on the raw text before JSON.parse: a body nested
 * thousands deep or with a hundred thousand keys is refused after reading at most the few
 * characters that break the limit, so it never reaches the parser, the validator, the cache key
 * or the re-serialization (all of which recurse or walk every member).
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

/** Why a body breaks the limits, in Chinese for the 400 answer. */
export type JsonShapeProblem = string;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

/**
 * Scans JSON text once, without building anything, and returns why it breaks the limits (null
 * when it does not). Malformed text is left for JSON.parse to refuse; this only counts. Stops
 * at the first character over a limit, so hostile bodies cost microseconds.
 */
export function jsonShapeProblem(text: string, limits: Readonly<JsonLimits> = JSON_LIMITS): JsonShapeProblem | null {
  // inArray[d] is true when the container at depth d is an array; bounded by maxDepth.
  const inArray: boolean[] = [];
  let depth = 0;
  let keys = 0;
  let items = 0;
  const length = text.length;
  for (let i = 0; i < length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Jump to the closing quote: one indexOf per string instead of a step per character.
      let end = text.indexOf('"', i + 1);
      while (end > 0 && isEscaped(text, end)) end = text.indexOf('"', end + 1);
      if (end < 0) return null;
      i = end;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth += 1;
      if (depth > limits.maxDepth) return `请求体嵌套层级超过 ${limits.maxDepth} 层`;
      inArray[depth] = c === OPEN_ARRAY;
      // A non-empty array has one element more than it has commas.
      if (c === OPEN_ARRAY && !closesAt(text, i + 1, CLOSE_ARRAY)) items += 1;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      if (depth > 0) depth -= 1;
    } else if (c === COLON) {
      keys += 1;
      if (keys > limits.maxKeys) return `请求体字段数超过 ${limits.maxKeys} 个`;
    } else if (c === COMMA && inArray[depth]) {
      items += 1;
    }
    if (items > limits.maxItems) return `请求体数组元素超过 ${limits.maxItems} 个`;
  }
  return null;
}

/** True when the quote at `at` is escaped (an odd number of backslashes before it). */
function isEscaped(text: string, at: number): boolean {
  let slashes = 0;
  for (let j = at - 1; j >= 0 && text.charCodeAt(j) === BACKSLASH; j -= 1) slashes += 1;
  return slashes % 2 === 1;
}

/** True when the next non-blank character from `from` is `code`. */
function closesAt(text: string, from: number, code: number): boolean {
  for (let j = from; j < text.length; j += 1) {
    const c = text.charCodeAt(j);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
    return c === code;
  }
  return false;
}
