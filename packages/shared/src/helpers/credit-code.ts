/** Characters of a unified social credit code (GB 32100-2015): no I, O, S, V, Z. */
export const CREDIT_CODE_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const CODE_SHAPE = /^[0-9A-HJ-NPQRTUWXY]{18}$/;

/** The check character for the first 17 characters of a credit code, or null when they are not of the charset. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CREDIT_CODE_CHARSET.indexOf(first17[i]!);
    if (value < 0) return null;
    sum += value * WEIGHTS[i]!;
  }
  const check = (31 - (sum % 31)) % 31;
  return CREDIT_CODE_CHARSET[check]!;
}

/** True when a string has the shape of a credit code (18 characters of the charset), whatever its check digit. */
export function looksLikeCreditCode(value: string): boolean {
  return CODE_SHAPE.test(value);
}

/** True for a unified social credit code whose check character is right. */
export function isValidCreditCode(value: string): boolean {
  if (!looksLikeCreditCode(value)) return false;
  return creditCodeCheckChar(value.slice(0, 17)) === value[17];
}
