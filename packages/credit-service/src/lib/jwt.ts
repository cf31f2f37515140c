import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/*
 * JSON Web Tokens (RFC 7519) signed with HMAC-SHA256, on node:crypto alone. Only HS256 is
 * accepted: the header is compared whole, so "alg": "none" or a key-confusion trick cannot pass.
 */

/** The claims of an access token issued by this service. */
export interface TokenClaims {
  iss: string;
  /** user:<id> or wechat:<openId>. */
  sub: string;
  /** Issued at, seconds since the epoch. */
  iat: number;
  /** Expires at, seconds since the epoch. */
  exp: number;
  /** Token id (revoked_tokens names single tokens by it). */
  jti: string;
  /** The login session the token belongs to (plugins/auth.ts); tokens without one are refused there. */
  sid?: string;
  /**
   * 'handoff': the token came from a link (the old site's logintoken), not from a login in this
   * browser — whoever opened the link may not be who made it, so binding refuses it.
   */
  via?: 'handoff';
}

export const TOKEN_ISSUER = 'credit-service';
const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
/** Tolerated clock difference for iat, seconds. */
const CLOCK_SKEW_SECONDS = 60;

function base64url(text: string | Buffer): string {
  return Buffer.from(text).toString('base64url');
}

function sign(input: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

/** A signed token for `sub`, valid for `ttlSeconds` from `nowMs`, of the login session `sid`. */
export function signToken(
  sub: string,
  secret: string,
  ttlSeconds: number,
  nowMs: number = Date.now(),
  sid?: string,
  via?: 'handoff',
): string {
  const iat = Math.floor(nowMs / 1000);
  const claims: TokenClaims = { iss: TOKEN_ISSUER, sub, iat, exp: iat + ttlSeconds, jti: randomUUID() };
  if (sid !== undefined) claims.sid = sid;
  if (via !== undefined) claims.via = via;
  const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${sign(body, secret).toString('base64url')}`;
}

const isClaims = (value: unknown): value is TokenClaims => {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    c.iss === TOKEN_ISSUER &&
    typeof c.sub === 'string' &&
    typeof c.jti === 'string' &&
    (c.sid === undefined || typeof c.sid === 'string') &&
    (c.via === undefined || c.via === 'handoff') &&
    Number.isInteger(c.iat) &&
    Number.isInteger(c.exp)
  );
};

/**
 * The claims of a token signed with `secret` that has not expired at `nowMs`; null for
 * anything else (malformed, another algorithm, a wrong signature, expired, issued in the future).
 */
export function verifyToken(token: string, secret: string, nowMs: number = Date.now()): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (header !== HEADER) return null;
  const expected = sign(`${header}.${payload}`, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isClaims(claims)) return null;
  const now = Math.floor(nowMs / 1000);
  if (claims.exp <= now || claims.iat > now + CLOCK_SKEW_SECONDS) return null;
  return claims;
}
