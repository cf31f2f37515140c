import type { H5EncryptedIdentity, H5RsaPublicKey, H5UserInfo } from '@credit-portal/shared';
import { H5_HEADS } from '@credit-portal/shared/heads/h5';
import { call } from '@/lib/api-client';

const derLength = (bytes: number): string => {
  const hex = bytes.toString(16).padStart(2, '0');
  const even = hex.length % 2 ? `0${hex}` : hex;
  return bytes < 0x80 ? even : `${(0x80 + even.length / 2).toString(16)}${even}`;
};

function derInteger(hex: string): string {
  let value = hex.replace(/^0+/, '') || '0';
  if (value.length % 2) value = `0${value}`;
  // A leading byte with its high bit set would read as negative.
  if (parseInt(value.slice(0, 2), 16) >= 0x80) value = `00${value}`;
  return `02${derLength(value.length / 2)}${value}`;
}

/**
 * The key as a PKCS#1 RSAPublicKey in DER hex, which jsencrypt reads directly (handing it the
 * bare numbers would first make it generate a key pair of its own).
 */
export function publicKeyDer(key: H5RsaPublicKey): string {
  const body = derInteger(key.PublicKeyModulus) + derInteger(key.PublicKeyExponent);
  return `30${derLength(body.length / 2)}${body}`;
}

/** The RSA public key of the report service (hex exponent and modulus). */
export const getRsaPublicKey = (): Promise<H5RsaPublicKey> =>
  call(H5_HEADS.h5RsaPublicKey, { query: { action: 'GetRSAPublicKey' }, body: {} });

/**
 * Encrypts name, ID number and the current time, each on its own, with the service's public key
 * (jsencrypt, PKCS#1 v1.5). The spec's "129-digit setting" (H5.rsaKeyDigits) sized the big
 * numbers of the legacy RSA.js; jsencrypt sizes them from the key, so it needs none. jsencrypt is
 * loaded only when the report is asked about.
 */
export async function encryptIdentity(key: H5RsaPublicKey, user: H5UserInfo): Promise<H5EncryptedIdentity> {
  const { JSEncrypt } = await import('jsencrypt');
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKeyDer(key));
  const encrypt = (text: string): string => {
    const cipher = rsa.encrypt(text);
    if (!cipher) throw new Error('RSA encryption failed');
    return cipher;
  };
  return {
    Infotoken: user.Infotoken,
    name: encrypt(user.Name),
    idCard: encrypt(user.IdCard),
    timestamp: encrypt(String(Date.now())),
  };
}

/** Public key, then the encrypted identity (the personal report's steps start with this). */
export async function encryptedIdentity(user: H5UserInfo): Promise<H5EncryptedIdentity> {
  return encryptIdentity(await getRsaPublicKey(), user);
}
