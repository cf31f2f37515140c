import { H5 } from '@credit-portal/shared';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';

/*
 * The H5 app's browser storage (spec §9 keys). The cert token of a face verification under way
 * stays in localStorage (spec §4), with the secret verifier it is bound to beside it: the face
 * verification may come back in another tab of this browser, never in another browser. The
 * Infotoken is one tab's login, in sessionStorage: a reload keeps it, a new tab logs in again.
 * The channel (platform) is per tab too. Names and ID numbers are never stored.
 */

const KEYS = H5.storageKeys;

/** A face verification under way: its cert token and the verifier of the token's challenge. */
export interface CertLogin {
  token: string;
  verifier: string;
}

/** Stores the cert token and its verifier, marked as an H5 login. */
export function storeCertLogin({ token, verifier }: CertLogin): void {
  // A face-verified login replaces any other channel's token, which the load rules would prefer.
  removeStorage(KEYS.izgtxytoken);
  writeStorage(KEYS.certToken, token);
  writeStorage(KEYS.certVerifier, verifier);
  writeStorage(KEYS.loginType, H5.loginTypeMarker);
}

/** The face verification under way, when both its token and its verifier are here. */
export function readCertLogin(): CertLogin | null {
  const token = readStorage(KEYS.certToken);
  const verifier = readStorage(KEYS.certVerifier);
  return token && verifier ? { token, verifier } : null;
}

/** Forgets the cert token and its verifier: an exchange spends the token, whatever its answer. */
export function clearCertLogin(): void {
  removeStorage(KEYS.certToken);
  removeStorage(KEYS.certVerifier);
}

/** The alternate-channel token (another app, or the test login). */
export const readIzToken = (): string | null => readStorage(KEYS.izgtxytoken) || null;

/** The test login's token stands in for an alternate channel's; it is not an H5 (face-verified) login. */
export function storeIzToken(token: string): void {
  writeStorage(KEYS.izgtxytoken, token);
  removeStorage(KEYS.loginType);
}

/** The test login by query parameters is made on the H5 login page. */
export const markH5Login = (): void => void writeStorage(KEYS.loginType, H5.loginTypeMarker);

/** This tab's login. */
export const storeInfotoken = (token: string): void => void writeStorage(KEYS.infotoken, token, 'session');
export const readInfotoken = (): string | null => readStorage(KEYS.infotoken, 'session') || null;
export const clearInfotoken = (): void => removeStorage(KEYS.infotoken, 'session');

/** True when the person came through the H5 login (the "newH5" availability check applies). */
export const isH5Login = (): boolean => readStorage(KEYS.loginType) === H5.loginTypeMarker;

/** The channel the person came from (spec §7: session storage, default XCX_GW). */
export const readPlatform = (): string => readStorage(KEYS.platform, 'session') || H5.defaultPlatform;

/** Forgets every H5 token (a new login starts from nothing; 退出 ends one). */
export function clearH5Tokens(): void {
  for (const key of [KEYS.certToken, KEYS.certVerifier, KEYS.izgtxytoken, KEYS.gtxytoken, KEYS.loginType]) {
    removeStorage(key);
  }
  // The spec kept the Infotoken in localStorage: a login of an older version is forgotten too.
  removeStorage(KEYS.infotoken);
  clearInfotoken();
}
