import { H5_MESSAGES } from '@credit-portal/shared';

/*
 * The browser's half of the H5 login's binding (RFC 7636, S256): a secret verifier that never
 * leaves this browser until the exchange, and its SHA-256 challenge sent with the cert-token
 * request. A face verification finished in another browser cannot be exchanged here or there.
 */

/** WebCrypto is offered on secure origins only (HTTPS, or localhost): without it there is no login. */
export class InsecureContextError extends Error {
  override readonly name = 'InsecureContextError';
  constructor() {
    super(H5_MESSAGES.insecureContext);
  }
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** base64url(SHA-256(verifier)): the challenge of a verifier. */
export async function codeChallenge(verifier: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new InsecureContextError();
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** A new verifier (32 random bytes, base64url) and its challenge; InsecureContextError without WebCrypto. */
export async function createPkcePair(): Promise<{ verifier: string; challenge: string }> {
  const webCrypto = globalThis.crypto as Crypto | undefined;
  if (!webCrypto?.subtle || typeof webCrypto.getRandomValues !== 'function') throw new InsecureContextError();
  const verifier = base64url(webCrypto.getRandomValues(new Uint8Array(32)));
  return { verifier, challenge: await codeChallenge(verifier) };
}
