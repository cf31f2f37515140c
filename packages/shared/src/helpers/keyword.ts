import { looksLikeCreditCode } from './credit-code.js';

/** Full-width ASCII (U+FF01–U+FF5E) and the ideographic space to their half-width forms. */
export function toHalfWidth(value: string): string {
  return value.replace(/[\uFF01-\uFF5E\u3000]/g, (ch) =>
    ch === '\u3000' ? ' ' : String.fromCharCode(ch.charCodeAt(0) - 0xfee0),
  );
}

/**
 * A search keyword as both sides compare it: half-width, trimmed, inner whitespace collapsed,
 * and upper-cased when it has the shape of a credit code.
 */
export function normalizeKeyword(value: string | null | undefined): string {
  const text = toHalfWidth(value ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  const upper = text.toUpperCase();
  return looksLikeCreditCode(upper) ? upper : text;
}
