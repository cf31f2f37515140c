import { H5 } from '@credit-portal/shared';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';

/*
 * The H5 app's browser storage (spec §9 keys). Tokens live in localStorage, as the app's other
 * channels expect; the channel (platform) is per tab, in sessionStorage. Names and ID numbers are
 * never stored: every page exchanges its token for them again.
 */

const KEYS = H5.storageKeys;

/** The cert token of a face verification under way, marked as an H5 login. */
export function storeCertToken(token: string): void {
  // A face-verified login replaces any other channel's token, which the load rules would prefer.
  removeStorage(KEYS.izgtxytoken);
  writeStorage(KEYS.certToken, token);
  writeStorage(KEYS.loginType, H5.loginTypeMarker);
}

export const readCertToken = (): string | null => readStorage(KEYS.certToken) || null;

/** The alternate-channel token (another app, or the test login). */
export const readIzToken = (): string | null => readStorage(KEYS.izgtxytoken) || null;

/** The test login's token stands in for an alternate channel's; it is not an H5 (face-verified) login. */
export function storeIzToken(token: string): void {
  writeStorage(KEYS.izgtxytoken, token);
  removeStorage(KEYS.loginType);
}

/** The test login by query parameters is made on the H5 login page. */
export const markH5Login = (): void => void writeStorage(KEYS.loginType, H5.loginTypeMarker);

export const storeInfotoken = (token: string): void => void writeStorage(KEYS.infotoken, token);
export const readInfotoken = (): string | null => readStorage(KEYS.infotoken) || null;

/** True when the person came through the H5 login (the "newH5" availability check applies). */
export const isH5Login = (): boolean => readStorage(KEYS.loginType) === H5.loginTypeMarker;

/** The channel the person came from (spec §7: session storage, default XCX_GW). */
export const readPlatform = (): string => readStorage(KEYS.platform, 'session') || H5.defaultPlatform;

/** Forgets every H5 token (a new login starts from nothing). */
export function clearH5Tokens(): void {
  for (const key of [KEYS.certToken, KEYS.izgtxytoken, KEYS.gtxytoken, KEYS.infotoken, KEYS.loginType])
    removeStorage(key);
}
