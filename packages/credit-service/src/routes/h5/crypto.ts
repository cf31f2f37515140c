import { promisify } from 'node:util';
import {
  constants,
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  generateKeyPair,
  privateDecrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import type { H5RsaPublicKey } from '@credit-portal/shared';

/*
 * The H5 app's cryptography. The RSA key pair lives in the service's database (service_secrets)
 * and its private half never leaves this process: the SPA gets the public key's modulus and
 * exponent in hex (jsencrypt: getKey().setPublic(n, e)) and encrypts name and ID number with
 * PKCS#1 v1.5, which is what jsencrypt speaks.
 *
 * Node 20 refuses PKCS#1 v1.5 private decryption (CVE-2023-46809, the Marvin timing attack)
 * unless the process runs with --security-revert. Rather than weaken the whole process, the
 * block is decrypted raw (RSA_NO_PADDING) and unpadded here without early exits: every malformed
 * block takes the same path and comes out as null, and the routes answer every failure of the
 * identity they carry alike, so neither timing nor answers say whether a block's padding held
 * (Bleichenbacher's oracle).
 */

/** 2048 bits: the spec's "129-digit" setting belonged to the legacy RSA.js; jsencrypt needs none. */
const RSA_BITS = 2048;
/** PKCS#1 v1.5 needs at least 8 bytes of non-zero padding. */
const MIN_PADDING = 8;

const generateRsa = promisify(generateKeyPair);

/** A new RSA private key as PKCS#8 PEM (for service_secrets), made off the event loop. */
export async function newRsaPrivateKeyPem(): Promise<string> {
  const { privateKey } = await generateRsa('rsa', { modulusLength: RSA_BITS });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

export function loadPrivateKey(pem: string): KeyObject {
  return createPrivateKey(pem);
}

/** The public half as the SPA needs it: hex modulus and exponent. */
export function publicKeyHex(privateKey: KeyObject): H5RsaPublicKey {
  const jwk = privateKey.export({ format: 'jwk' });
  const hex = (value: string | undefined) => Buffer.from(value ?? '', 'base64url').toString('hex');
  return { PublicKeyExponent: hex(jwk.e), PublicKeyModulus: hex(jwk.n) };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Opens one base64 block that jsencrypt produced (PKCS#1 v1.5 type 2) to UTF-8 text, or null. A
 * block of a size the key cannot hold is refused at once (its size is public); past that, bad
 * padding and text that is not UTF-8 take the same way out, null, so the caller can answer every
 * failure alike. jsencrypt drops leading zero bytes of the block, so it is padded back first.
 */
export function decryptPkcs1(privateKey: KeyObject, base64: string): string | null {
  const size = Math.ceil((privateKey.asymmetricKeyDetails?.modulusLength ?? RSA_BITS) / 8);
  const cipher = Buffer.from(base64, 'base64');
  if (cipher.length === 0 || cipher.length > size) return null;
  const block = Buffer.alloc(size);
  cipher.copy(block, size - cipher.length);
  let raw: Buffer;
  try {
    raw = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, block);
  } catch {
    // Only a block not below the modulus, which its bytes show anyway.
    return null;
  }
  // EM = 0x00 || 0x02 || PS (non-zero, ≥ 8 bytes) || 0x00 || M, checked without early exits.
  let good = (raw[0]! === 0 ? 1 : 0) & (raw[1]! === 2 ? 1 : 0);
  let separator = 0;
  let found = 0;
  for (let i = 2; i < raw.length; i++) {
    const isZero = raw[i] === 0 ? 1 : 0;
    const first = isZero & (found ^ 1);
    separator = first ? i : separator;
    found |= isZero;
  }
  good &= found & (separator >= 2 + MIN_PADDING ? 1 : 0);
  // A bad block is decoded as well, and only then refused.
  const message = raw.subarray(separator + 1);
  let text: string | null;
  try {
    text = utf8.decode(message);
  } catch {
    text = null;
  }
  return good ? text : null;
}

/** AES-256-GCM: seals a small JSON value into an opaque base64url string (the channel wrapper). */
export function seal(keyHex: string, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Opens what seal() made; undefined when it was not made with this key or was altered. */
export function unseal(keyHex: string, sealed: string): unknown {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < 29) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A new 256-bit key in hex. */
export const newSealKey = (): string => randomBytes(32).toString('hex');
