import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, MESSAGES, type LoginResult, type Profile } from '@credit-portal/shared';
import { TooManyRequestsError, UnauthorizedError } from '../../lib/errors.js';
import { signToken, verifyToken, type TokenClaims } from '../../lib/jwt.js';
import { DUMMY_HASH, verifyPassword } from '../../lib/passwords.js';
import { createAccountRepository, type Subject, type UserRow } from '../../repositories/accounts.js';
import { createEntityDetailRepository } from '../../repositories/entity-details.js';
import { createLoginTicketRepository } from '../../repositories/login-tickets.js';

/** The app as account route modules receive it (TypeBox type provider). */
export type AccountApp = Parameters<FastifyPluginAsyncTypebox>[0];

export interface AccountOptions {
  /** HS256 secret of the tokens; when unset, a random secret kept in the database is used. */
  jwtSecret?: string;
  /** Lifetime of a login token, seconds. */
  tokenTtlSeconds: number;
  /** The portal's address, which the old-site pages link back to (ends with '/'). */
  portalUrl: string;
}

/** A request's verified login: the token's claims and who it names. */
export interface Session {
  claims: TokenClaims;
  subject: Subject;
}

/** Answered for every missing, malformed, forged, expired or revoked token (spec §7: the gateway's not-logged-in rule). */
export const notLoggedIn = (): UnauthorizedError => new UnauthorizedError(MESSAGES.notLoggedInUpstream);

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('base64url');

/** How often, at most, expired tickets, revocations and counters are swept. */
const SWEEP_INTERVAL_MS = 60_000;

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The client's address: the gateway in front of this service replaces X-Forwarded-For with the
 * address it saw, so its value is believed; a direct caller's own address is used otherwise.
 */
export function clientIp(request: FastifyRequest): string {
  const forwarded = request.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || request.ip;
}

/** The token a request carries: Authorization: Bearer …, else a JwtToken header. */
function tokenOf(request: FastifyRequest): string | null {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    if (match) return match[1]!;
  }
  const header = request.headers.jwttoken;
  return typeof header === 'string' && header.trim() ? header.trim() : null;
}

/** Everything the account routes share: repositories, the token secret, and the login rules. */
export function createAccountContext(app: AccountApp, options: AccountOptions) {
  const accounts = createAccountRepository(app.db);
  const tickets = createLoginTicketRepository(app.db);
  const details = createEntityDetailRepository(app.db);
  const secret = options.jwtSecret ?? accounts.secret('jwt');
  const sessions = new WeakMap<FastifyRequest, Session>();
  let lastSweep = 0;

  /** A new login for a subject: a fresh token, the login info of spec §3 and realAuthInfo. */
  function issueLogin(subject: Subject): LoginResult {
    const now = Date.now();
    const token = signToken(subject.key, secret, options.tokenTtlSeconds, now);
    const expires = (Math.floor(now / 1000) + options.tokenTtlSeconds) * 1000;
    return {
      UserInfo:
        subject.kind === 'user'
          ? { User: { Mobile: subject.user.mobile, JwtToken: token } }
          : { Wechat: { Nickname: subject.wechat.nickname } },
      JwtToken: token,
      RealAuthInfo: {
        LoginType: subject.kind === 'user' ? 'User' : 'Wechat',
        AuthTime: iso(now),
        ExpireTime: iso(expires),
      },
    };
  }

  /** The verified session of a token, or null: signature, expiry, revocation and the subject still existing. */
  function sessionOf(token: string | null): Session | null {
    if (!token) return null;
    const claims = verifyToken(token, secret);
    if (!claims || accounts.isRevoked(claims.jti)) return null;
    const subject = accounts.resolve(claims.sub);
    return subject ? { claims, subject } : null;
  }

  return {
    accounts,
    tickets,
    details,
    options,
    issueLogin,
    sessionOf,

    /**
     * onRequest hook of the routes that need a login: runs before the body is parsed or
     * validated, so a request without a valid token is answered 用户未登录！ whatever it carries.
     */
    async requireLogin(request: FastifyRequest): Promise<void> {
      const session = sessionOf(tokenOf(request));
      if (!session) throw notLoggedIn();
      sessions.set(request, session);
    },

    /** The session requireLogin verified for this request. */
    session(request: FastifyRequest): Session {
      const session = sessions.get(request);
      if (!session) throw notLoggedIn();
      return session;
    },

    /**
     * Checks a mobile number and password, counting failures per (mobile, client IP): after
     * MAX_LOGIN_FAILURES within the window the pair is locked out for a while. An unknown
     * number costs the same scrypt work as a known one.
     */
    async checkPassword(mobile: string, password: string, ip: string): Promise<UserRow> {
      const key = sha256(`${mobile}|${ip}`);
      if (accounts.lockedUntil(key, Date.now()) > 0) throw new TooManyRequestsError(ACCOUNT_MESSAGES.lockedOut);
      const user = accounts.userByMobile(mobile);
      const matches = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
      if (!user || !matches) {
        const locked = accounts.recordFailure(key, Date.now());
        throw locked
          ? new TooManyRequestsError(ACCOUNT_MESSAGES.lockedOut)
          : new UnauthorizedError(ACCOUNT_MESSAGES.wrongCredentials);
      }
      accounts.clearFailures(key);
      return user;
    },

    /** The personal centre's view of a session. */
    profile(session: Session): Profile {
      const { subject, claims } = session;
      return {
        LoginType: subject.kind === 'user' ? 'User' : 'Wechat',
        Mobile: subject.user?.mobile ?? '',
        Nickname: subject.wechat?.nickname ?? '',
        RegisteredAt: subject.user?.createdAt ?? '',
        TokenExpiresAt: iso(claims.exp * 1000),
      };
    },

    /** Sweeps expired rows now and then (at most once a minute), on the login paths. */
    sweep(): void {
      const now = Date.now();
      if (now - lastSweep < SWEEP_INTERVAL_MS) return;
      lastSweep = now;
      accounts.sweep(now);
      tickets.sweep(now);
    },
  };
}

export type AccountContext = ReturnType<typeof createAccountContext>;
