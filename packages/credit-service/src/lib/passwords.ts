import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

/*
 * Password storage with scrypt (RFC 7914) and a random salt per password. The parameters are
 * stored with each hash, so they can be raised without invalidating older accounts: a login
 * whose stored parameters are below the service's is re-hashed with its password (needsRehash).
 */

/** scrypt's cost: N (CPU/memory), r (block size), p (parallelism). Memory used is 128·N·r bytes. */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * The service's cost: OWASP's first choice for scrypt (Password Storage Cheat Sheet), N=2^17, r=8,
 * p=1: 128 MiB and about 0.45 s per hash on the reference machine (README "Passwords").
 */
export const SCRYPT_PARAMS: Readonly<ScryptParams> = { N: 2 ** 17, r: 8, p: 1 };

/**
 * The cost of the seed's demo accounts, whose passwords are published in the README: cheap, so a
 * new database is seeded quickly; their first login raises it to the service's cost.
 */
export const SEED_SCRYPT_PARAMS: Readonly<ScryptParams> = { N: 2 ** 14, r: 8, p: 1 };

const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** A stored hash asking for more memory than this is refused rather than computed (a corrupt or hostile row). */
const MAX_MEMORY = 512 * 1024 * 1024;

const memoryOf = ({ N, r, p }: ScryptParams): number => 128 * N * r + 128 * r * p;
/** scrypt's maxmem: its estimate of 128·N·r with room to spare. */
const maxmem = (params: ScryptParams): number => Math.min(MAX_MEMORY, 2 * memoryOf(params));

function derive(password: string, salt: Buffer, params: ScryptParams, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, { ...params, maxmem: maxmem(params) }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

const encode = (params: ScryptParams, salt: Buffer, key: Buffer): string =>
  ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');

interface StoredHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

/** The parts of a stored hash, or null when it is not one this service can check. */
function parse(stored: string): StoredHash | null {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every((v) => Number.isSafeInteger(v) && v > 0)) return null;
  // N must be a power of two above 1.
  if (params.N < 2 || (params.N & (params.N - 1)) !== 0 || memoryOf(params) > MAX_MEMORY) return null;
  return { params, salt: Buffer.from(saltText, 'base64url'), key: Buffer.from(keyText, 'base64url') };
}

/** The stored form of a password: scrypt$N$r$p$salt$hash (base64url). */
export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return encode(params, salt, await derive(password, salt, params, KEY_LENGTH));
}

/** hashPassword for the seed, which writes inside one synchronous transaction (its own, cheap cost by default). */
export function hashPasswordSync(password: string, params: ScryptParams = SEED_SCRYPT_PARAMS): string {
  const salt = randomBytes(SALT_BYTES);
  const key = scryptSync(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem: maxmem(params) });
  return encode(params, salt, key);
}

/** True when `password` matches the stored hash; false for a malformed hash too. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.key.length === 0) return false;
  const actual = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(actual, parsed.key);
}

/** True when a stored hash is weaker than `params` would make it (then the next good login re-hashes). */
export function needsRehash(stored: string, params: ScryptParams = SCRYPT_PARAMS): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  const { N, r, p } = parsed.params;
  return N < params.N || r < params.r || p < params.p || parsed.key.length < KEY_LENGTH;
}

/**
 * A hash of no account's password at the given cost, checked when a login names an unknown
 * mobile number so that the answer takes as long as for a known one (no account enumeration by timing).
 */
export const dummyHash = (params: ScryptParams = SCRYPT_PARAMS): string =>
  encode(params, Buffer.alloc(SALT_BYTES), Buffer.alloc(KEY_LENGTH));
