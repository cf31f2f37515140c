import { sm2, sm3 as sm3Hex } from 'sm-crypto-v2';

/*
 * SM2 signatures with SM3 (GB/T 32918.2, GB/T 32905) on sm-crypto-v2 (SM3 and the SM2 curve on
 * @noble/curves). sm-crypto-v2 keeps the API of the old sm-crypto, whose defaults are unsafe: no
 * `hash` option signs the message itself as the digest e (forgeable), its DER decoder takes any
 * encoding and trailing bytes (malleable), and nothing checks that r and s lie in [1, n-1]. This
 * module never relies on those defaults: it computes e = SM3(Z ‖ M) with the distinguishing id
 * given explicitly, encodes and decodes the DER SEQUENCE { r, s } itself (canonical only), checks
 * the ranges, and checks the public key is a point of the curve before verifying.
 */

/** The default distinguishing id of GB/T 32918 / GM/T 0009 (OpenSSL: -sigopt distid:1234567812345678). */
export const SM2_DEFAULT_ID = '1234567812345678';
/** How the signatures are named in the PDF, the key list and the answers. */
export const SM2_ALGORITHM = 'SM2-with-SM3';

/** The order n of the SM2 recommended curve (GB/T 32918.5). */
const N = BigInt('0xFFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFF7203DF6B21C6052B53BBF40939D54123');
const HEX64 = /^[0-9a-f]{64}$/;

/** SM3 of bytes (GB/T 32905). */
export const sm3 = (data: Uint8Array): Buffer => Buffer.from(sm3Hex(data), 'hex');

/** An SM2 public key: the uncompressed point 04 ‖ x ‖ y, lower-case hex (130 characters). */
export type Sm2PublicKey = string;
/** An SM2 private key: d, lower-case hex (64 characters), with its public key. */
export interface Sm2KeyPair {
  privateKey: string;
  publicKey: Sm2PublicKey;
}

/** True when `publicKey` is an uncompressed point of the SM2 curve other than the identity. */
export function isSm2PublicKey(publicKey: string): boolean {
  if (!/^04[0-9a-f]{128}$/.test(publicKey)) return false;
  try {
    return sm2.verifyPublicKey(publicKey);
  } catch {
    return false;
  }
}

/** The public key of a private key d (1 ≤ d ≤ n-2, GB/T 32918.1 6.1). */
export function sm2PublicKeyOf(privateKey: string): Sm2PublicKey {
  const d = BigInt(`0x${privateKey}`);
  if (!HEX64.test(privateKey) || d < 1n || d > N - 2n) throw new Error('SM2 private key out of range');
  return sm2.getPublicKeyFromPrivateKey(privateKey).toLowerCase();
}

/** e = SM3(Z_A ‖ M), Z_A = SM3(ENTL ‖ ID ‖ a ‖ b ‖ x_G ‖ y_G ‖ x_A ‖ y_A) (GB/T 32918.2 5.5, 6.1). */
export function sm2Digest(publicKey: Sm2PublicKey, message: Uint8Array, id: string = SM2_DEFAULT_ID): Buffer {
  return Buffer.from(sm2.getHash(message, publicKey, id), 'hex');
}

/** DER INTEGER of a positive number, minimal. */
function derInteger(value: bigint): Buffer {
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  let bytes = Buffer.from(hex, 'hex');
  if (bytes[0]! & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return Buffer.concat([Buffer.from([0x02, bytes.length]), bytes]);
}

/** The DER SEQUENCE { r INTEGER, s INTEGER } OpenSSL reads and writes (GM/T 0009 SM2Signature). */
export function encodeSignature(r: bigint, s: bigint): Buffer {
  const body = Buffer.concat([derInteger(r), derInteger(s)]);
  return Buffer.concat([Buffer.from([0x30, body.length]), body]);
}

/** r and s of a DER signature, or null unless it is the one canonical encoding of two numbers in [1, n-1]. */
export function decodeSignature(der: Uint8Array): { r: bigint; s: bigint } | null {
  const bytes = Buffer.from(der);
  // At most 2 + 2·(2 + 33) bytes: short-form lengths only.
  if (bytes.length < 8 || bytes.length > 72 || bytes[0] !== 0x30 || bytes[1] !== bytes.length - 2) return null;
  const numbers: bigint[] = [];
  let at = 2;
  for (let i = 0; i < 2; i += 1) {
    if (bytes[at] !== 0x02) return null;
    const length = bytes[at + 1]!;
    const value = bytes.subarray(at + 2, at + 2 + length);
    if (length === 0 || length > 33 || value.length !== length) return null;
    // Positive and minimal: no sign bit, no needless leading zero.
    if (value[0]! & 0x80 || (length > 1 && value[0] === 0 && !(value[1]! & 0x80))) return null;
    numbers.push(BigInt(`0x${value.toString('hex')}`));
    at += 2 + length;
  }
  if (at !== bytes.length) return null;
  const [r, s] = numbers as [bigint, bigint];
  if (r < 1n || r >= N || s < 1n || s >= N) return null;
  return { r, s };
}

/** Signs `message` (the whole message, not a digest) with SM2/SM3; returns the DER signature. */
export function sm2Sign(keys: Sm2KeyPair, message: Uint8Array, id: string = SM2_DEFAULT_ID): Buffer {
  const e = sm2Digest(keys.publicKey, message, id);
  // hash: false because e is already SM3(Z ‖ M); the nonce comes from the library's CSPRNG.
  const rs = sm2.doSignature(e, keys.privateKey, { hash: false, der: false });
  return encodeSignature(BigInt(`0x${rs.slice(0, 64)}`), BigInt(`0x${rs.slice(64)}`));
}

/** True when `signature` (DER) is a valid SM2/SM3 signature of `message` by `publicKey`. */
export function sm2Verify(
  publicKey: Sm2PublicKey,
  message: Uint8Array,
  signature: Uint8Array,
  id: string = SM2_DEFAULT_ID,
): boolean {
  const decoded = decodeSignature(signature);
  if (!decoded || !isSm2PublicKey(publicKey)) return false;
  const rs = decoded.r.toString(16).padStart(64, '0') + decoded.s.toString(16).padStart(64, '0');
  try {
    return sm2.doVerifySignature(sm2Digest(publicKey, message, id), rs, publicKey, { hash: false, der: false });
  } catch {
    return false;
  }
}
