import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, MESSAGES, type LoginResult, type Profile } from '@credit-portal/shared';
import { TooManyRequestsError, UnauthorizedError } from '../lib/errors.js';
import { sha256 } from '../lib/hash.js';
import { signToken, verifyToken, type TokenClaims } from '../lib/jwt.js';
import {
  dummyHash,
  hashPassword,
  needsRehash,
  SCRYPT_PARAMS,
  verifyPassword,
  type ScryptParams,
} from '../lib/passwords.js';
import { createAccountLockoutRepository } from '../repositories/account-lockouts.js';
import type { SmsSender } from '../sms/sender.js';
import {
  createAccountRepository,
  userSubject,
  wechatSubject,
  type AccountRepository,
  type Subject,
  type UserRow,
} from '../repositories/account.js';
import { createLoginTicketRepository, type LoginTicketRepository } from '../repositories/account-tickets.js';
import {
  createLoginSessionRepository,
  type CodePurpose,
  type LoginSessionRow,
} from '../repositories/account-sessions.js';

/*
 * Authentication, in one place: every route that needs a login takes `onRequest: app.auth.requireLogin`
 * and reads the verified session with `app.auth.session(request)`; logins are minted by
 * `app.auth.issueLogin` alone. Route plugins never re-create any of this.
 *
 * Every login is a server-side session (login_sessions): its tokens carry its
 * sid, and a token is good only while its session is — not revoked by a logout, not past its end
 * (tokenTtlSeconds after the login), not unused for longer than sessionIdleSeconds. The old
 * site's one-time codes and hand-offs are bound to the session too (mintCode / takeCode).
 *
 * A session belongs to the account it acts for, whatever identity opened it: a password reset
 * or an unbinding ends every session of the account, its chat-app identity's included. A QR
 * login is the child of the session that confirmed it and ends no later than it, so no chain of
 * confirmations outlives the first login. A child of a hand-off (a login that came by a link) is
 * restricted as its parent and lives only while its parent does; the child of a login of its own
 * is another device's login, and the phone's 退出 ends the phone's login alone, as before.
 */

export interface AuthOptions {
  /** HS256 secret of the tokens; when unset, a random secret kept in the database is used. */
  jwtSecret?: string;
  /** Lifetime of a login session (and so of its tokens), seconds. */
  tokenTtlSeconds: number;
  /** A session unused for longer than this ends, seconds (SESSION_IDLE_SECONDS). */
  sessionIdleSeconds: number;
  /** scrypt cost of new and re-hashed passwords (default SCRYPT_PARAMS). */
  passwordParams?: ScryptParams;
  /** Where an owner is told that their number was locked (null: no SMS can be sent). */
  sms?: SmsSender | null;
  /** The portal's name, which an SMS starts with. */
  siteName?: string;
}

/** The SMS that tells an owner their number was locked by failed logins from many addresses. */
export const lockoutText = (siteName: string): string =>
  `【${siteName}】您的账号因多次密码错误已被暂时锁定。如非本人操作，您的密码可能已被他人尝试，请通过“找回密码”重置密码，重置后即可登录。`;

/** A request's verified login: the token's claims and who it names. */
export interface Session {
  claims: TokenClaims;
  subject: Subject;
  /** The login session the token belongs to. */
  sid: string;
  /** Made by a link (a hand-off token, or a session made from one): it cannot bind. */
  restricted: boolean;
}

/** A live login session named by its sid, with its subject. */
export interface LiveSession {
  sid: string;
  subject: Subject;
}

/** Default lifetime of a login token: two hours. */
export const DEFAULT_TOKEN_TTL_SECONDS = 2 * 60 * 60;

/** Default idle timeout of a login session: half an hour (the gateway's SESSION_IDLE_SECONDS default too). */
export const DEFAULT_SESSION_IDLE_SECONDS = 30 * 60;

/** A session's uses are written at most this often (or a quarter of the idle timeout, if shorter). */
const TOUCH_INTERVAL_MS = 30_000;

/** Answered for every missing, malformed, forged, expired or revoked token (spec §7: the gateway's not-logged-in rule). */
export const notLoggedIn = (): UnauthorizedError => new UnauthorizedError(MESSAGES.notLoggedInUpstream);

/** The account a subject acts for (login_sessions.account): its mobile account when it has one. */
const accountOf = (subject: Subject): string => (subject.user ? userSubject(subject.user.id) : subject.key);

/** Whose records a session files and reads: a bound chat-app login acts as the mobile account it is bound to. */
export const ownerOf = (session: Session): string => accountOf(session.subject);

/** How often, at most, expired tickets, revocations and counters are swept. */
const SWEEP_INTERVAL_MS = 60_000;

const iso = (ms: number): string => new Date(ms).toISOString();

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

function createAuth(app: FastifyInstance, options: AuthOptions) {
  const accounts = createAccountRepository(app.db);
  const tickets = createLoginTicketRepository(app.db);
  const loginSessions = createLoginSessionRepository(app.db);
  const lockouts = createAccountLockoutRepository(app.db);
  /** Tells the owner, without waiting: a message that cannot be sent is logged (never the number). */
  const notifyLockout = (mobile: string): void => {
    const { sms } = options;
    if (!sms) return;
    sms.send({ mobile, text: lockoutText(options.siteName ?? ''), purpose: 'lockout' }).catch((error: Error) => {
      app.log.warn({ sender: sms.kind, reason: error.message }, 'lockout SMS not sent');
    });
  };
  const passwordParams = options.passwordParams ?? SCRYPT_PARAMS;
  const unknownAccountHash = dummyHash(passwordParams);
  const secret = options.jwtSecret ?? accounts.secret('jwt');
  /**
   * Ends every live login of a mobile account — its own, its chat-app identity's (`alsoOf`: one
   * just unbound), and those made from them — but `keep`: how many.
   */
  const endAccountLogins = (userId: number, keep: string | null = null, alsoOf: string[] = []): number =>
    loginSessions.revokeAccount(userSubject(userId), subjectsOf(userId, alsoOf), Date.now(), keep);
  /** The subjects whose logins act for a mobile account: its own and its bound chat-app identity's. */
  const subjectsOf = (userId: number, alsoOf: string[] = []): string[] => {
    const account = userSubject(userId);
    const bound = accounts.resolve(account)?.wechat;
    return [account, ...alsoOf, ...(bound ? [wechatSubject(bound.openId)] : [])];
  };
  const sessions = new WeakMap<FastifyRequest, Session>();
  const idleMs = options.sessionIdleSeconds * 1000;
  const touchMs = Math.min(TOUCH_INTERVAL_MS, idleMs / 4);
  let lastSweep = 0;

  /** Not revoked, not past its end, used within the idle timeout. */
  const isLive = (row: LoginSessionRow, now: number): boolean =>
    row.revokedAt === null && row.expiresAt > now && now - row.lastSeenAt <= idleMs;

  /**
   * The row of a session that is live at `now` — not revoked, not past its end, used within the
   * idle timeout — recording this use (throttled) unless `record` is false; null otherwise.
   */
  function liveRow(sid: string, now: number, record = true): LoginSessionRow | null {
    const row = loginSessions.find(sid);
    if (!row || !isLive(row, now)) return null;
    // A restricted QR login lives only while the login it was made from does (not touched by it).
    for (let up = row; up.restricted && up.parentSid !== null;) {
      const parent = loginSessions.find(up.parentSid);
      if (!parent || !isLive(parent, now)) return null;
      up = parent;
    }
    if (record && now - row.lastSeenAt >= touchMs) loginSessions.touch(sid, now);
    return row;
  }

  /**
   * The verified session of a token, or null: signature, expiry, its login session live (not
   * revoked, ended or idle), and the subject still existing.
   */
  function sessionOf(token: string | null): Session | null {
    if (!token) return null;
    const now = Date.now();
    const claims = verifyToken(token, secret, now);
    if (!claims?.sid || accounts.isRevoked(claims.jti)) return null;
    const row = liveRow(claims.sid, now);
    if (!row || row.subject !== claims.sub) return null;
    const subject = accounts.resolve(claims.sub);
    return subject
      ? { claims, subject, sid: claims.sid, restricted: claims.via === 'handoff' || row.restricted }
      : null;
  }

  /** A login's answer (spec §3): the token, the login info and realAuthInfo. */
  function loginResult(subject: Subject, token: string, now: number, expires: number): LoginResult {
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

  return {
    accounts,
    tickets,
    tokenTtlSeconds: options.tokenTtlSeconds,

    /**
     * A login for a subject: a fresh token, the login info of spec §3 and realAuthInfo. Without
     * `sid` it starts a new session; with one (an old-site hand-off) the token belongs to that
     * live session and ends with it — a hand-off never lengthens a session.
     */
    issueLogin(subject: Subject, sid?: string): LoginResult {
      const now = Date.now();
      const nowSeconds = Math.floor(now / 1000);
      let session: string;
      let ttlSeconds: number;
      if (sid === undefined) {
        session = randomBytes(18).toString('base64url');
        ttlSeconds = options.tokenTtlSeconds;
        loginSessions.create(
          { sid: session, subject: subject.key, account: accountOf(subject) },
          now,
          (nowSeconds + ttlSeconds) * 1000,
        );
      } else {
        const row = liveRow(sid, now);
        if (!row || row.subject !== subject.key) throw notLoggedIn();
        session = sid;
        ttlSeconds = Math.min(options.tokenTtlSeconds, row.expiresAt / 1000 - nowSeconds);
      }
      // A login in an existing session is a hand-off (the old site's logintoken): marked as such.
      const token = signToken(subject.key, secret, ttlSeconds, now, session, sid === undefined ? undefined : 'handoff');
      return loginResult(subject, token, now, (nowSeconds + ttlSeconds) * 1000);
    },

    /**
     * The desktop's login of a confirmed QR ticket: a new session, the child of the one that
     * confirmed it (`parentSid`), for the same subject, ending no later than its parent. It is
     * restricted when the confirming token or session was, and then lives only while its parent
     * does. Null when the parent is no longer live (logged out, past its end, idle) or names
     * another subject.
     */
    issueQrLogin(subject: Subject, parentSid: string, restricted: boolean): LoginResult | null {
      const now = Date.now();
      const nowSeconds = Math.floor(now / 1000);
      const parent = liveRow(parentSid, now);
      if (!parent || parent.subject !== subject.key) return null;
      const ttlSeconds = Math.min(options.tokenTtlSeconds, Math.floor(parent.expiresAt / 1000) - nowSeconds);
      if (ttlSeconds <= 0) return null;
      const child = {
        sid: randomBytes(18).toString('base64url'),
        subject: subject.key,
        account: accountOf(subject),
        parentSid,
        restricted: restricted || parent.restricted,
      };
      const expires = (nowSeconds + ttlSeconds) * 1000;
      loginSessions.create(child, now, expires);
      const token = signToken(
        subject.key,
        secret,
        ttlSeconds,
        now,
        child.sid,
        child.restricted ? 'handoff' : undefined,
      );
      return loginResult(subject, token, now, expires);
    },

    sessionOf,

    /** The live session `sid` names, with its subject (recording a use); null when it ended or its subject is gone. */
    liveSession(sid: string): LiveSession | null {
      const row = liveRow(sid, Date.now());
      const subject = row ? accounts.resolve(row.subject) : null;
      return subject ? { sid, subject } : null;
    },

    /**
     * Logout: ends the login session of the request's token (a verified token, its session live
     * or not) with every token and code of it, and the restricted QR logins made from it. Other
     * logins of the account stay. Returns the session when it was live until now,
     * else null (no token, a bad one, or a session that had already ended).
     */
    endSessionOf(request: FastifyRequest): LiveSession | null {
      const token = tokenOf(request);
      const now = Date.now();
      const claims = token ? verifyToken(token, secret, now) : null;
      if (!claims?.sid) return null;
      const row = liveRow(claims.sid, now);
      const subject = row && row.subject === claims.sub ? accounts.resolve(row.subject) : null;
      loginSessions.revoke(claims.sid, now);
      return subject ? { sid: claims.sid, subject } : null;
    },

    /** A one-time code (random, stored hashed) for `purpose`, bound to a session, valid `ttlMs`. */
    mintCode(purpose: CodePurpose, session: LiveSession, ttlMs: number): string {
      const code = randomBytes(32).toString('base64url');
      loginSessions.createCode(sha256(code), purpose, session.subject.key, session.sid, Date.now() + ttlMs);
      return code;
    },

    /** The session and subject key of an unexpired code of `purpose`, used up by this call; else null. */
    takeCode(purpose: CodePurpose, code: string): { sid: string; subject: string } | null {
      return code ? loginSessions.takeCode(sha256(code), purpose, Date.now()) : null;
    },

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

    /** The stored form of a new password, at the service's scrypt cost. */
    hashPassword: (password: string): Promise<string> => hashPassword(password, passwordParams),

    /**
     * Checks a mobile number and password, counting failures (repositories/account-lockouts.ts):
     * an address that keeps failing on a number waits longer and longer; the number is locked for
     * everyone only once failures came from many addresses, and its owner is told by SMS (and can
     * always get in by 找回密码). An unknown number costs the same scrypt work as a known one and
     * is counted the same. A good password stored at a lower cost is re-hashed.
     */
    async checkPassword(mobile: string, password: string, ip: string): Promise<UserRow> {
      const now = Date.now();
      if (lockouts.lockedUntil(mobile, ip, now) > 0) throw new TooManyRequestsError(ACCOUNT_MESSAGES.lockedOut);
      // Counted before the slow check (and forgotten by a good password), so that guesses sent at
      // once cannot all pass the lockout test while the first ones are still being checked.
      const failure = lockouts.recordFailure(mobile, ip, now);
      const user = accounts.userByMobile(mobile);
      if (failure.accountLockStarted && user) notifyLockout(mobile);
      const matches = await verifyPassword(password, user?.passwordHash ?? unknownAccountHash);
      if (!user || !matches) {
        throw failure.locked
          ? new TooManyRequestsError(ACCOUNT_MESSAGES.lockedOut)
          : new UnauthorizedError(ACCOUNT_MESSAGES.wrongCredentials);
      }
      lockouts.clearAddress(mobile, ip);
      if (needsRehash(user.passwordHash, passwordParams)) {
        const stronger = await hashPassword(password, passwordParams);
        if (accounts.replacePasswordHash(user.id, user.passwordHash, stronger)) {
          return { ...user, passwordHash: stronger };
        }
      }
      return user;
    },

    /**
     * A password reset, its number proven by an SMS code: the new password's hash, every login of
     * the account ended (a reset is what one does when the password may be known to someone
     * else), and the number's lockouts forgotten. How many logins were ended.
     */
    async resetPassword(user: UserRow, password: string): Promise<number> {
      accounts.setPasswordHash(user.id, await hashPassword(password, passwordParams));
      lockouts.clear(user.mobile);
      return endAccountLogins(user.id);
    },

    /**
     * 修改密码, the current password proven by the caller: the new password's hash and every other
     * login of the account ended, `keep` (the request's own) staying. How many logins were ended.
     */
    async changePassword(userId: number, password: string, keep: string): Promise<number> {
      accounts.setPasswordHash(userId, await hashPassword(password, passwordParams));
      return endAccountLogins(userId, keep);
    },

    /**
     * Binds an unbound chat-app identity to a mobile account that has none (false when either
     * side is taken): the identity's live logins act for the account from now on, and end with it.
     */
    bindWechat(userId: number, openId: string): boolean {
      return app.db.transaction(() => {
        if (!accounts.bindWechat(userId, openId)) return false;
        loginSessions.adopt(wechatSubject(openId), userSubject(userId));
        return true;
      })();
    },

    /**
     * Lets the account's chat-app identity go, ending every login of the account — the
     * identity's, and the other mobile ones (a binding one did not make was made with the
     * password) — but `keep`, the request's own, which just proved the password again.
     * Null when no identity was bound.
     */
    unbindWechat(userId: number, keep: string): { openId: string; loginsEnded: number } | null {
      return app.db.transaction(() => {
        const openId = accounts.unbindWechat(userId);
        if (openId === null) return null;
        return { openId, loginsEnded: endAccountLogins(userId, keep, [wechatSubject(openId)]) };
      })();
    },

    /** The live logins of a mobile account (its chat-app identity's included), newest first: 我的数据's list. */
    accountSessions(userId: number): LoginSessionRow[] {
      const now = Date.now();
      return loginSessions
        .ofAccount(userSubject(userId), subjectsOf(userId), now)
        .filter((row) => liveRow(row.sid, now, false) !== null);
    },

    /** Ends one login (and the restricted ones made from it): the caller checked it is the account's. */
    endSession: (sid: string): boolean => loginSessions.revoke(sid, Date.now()),

    /**
     * 注销账号: every login of the account ends (its chat-app identity's too) and the number's
     * failure counters go. Run inside the closing's transaction, before the binding is undone.
     */
    endEveryLogin(user: UserRow): number {
      lockouts.clear(user.mobile);
      return endAccountLogins(user.id);
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
      loginSessions.sweep(now);
    },
  };
}

/** What app.auth offers. */
export type Auth = ReturnType<typeof createAuth>;
export type { AccountRepository, LoginTicketRepository };

declare module 'fastify' {
  interface FastifyInstance {
    /** Authentication: the login hook, the verified session, login minting and password checks. */
    auth: Auth;
  }
}

/** Registered once, after the database: app.auth for every route plugin. */
export default fp<AuthOptions>(
  async (app, options) => {
    app.decorate('auth', createAuth(app, options));
  },
  { name: 'auth', dependencies: ['db'] },
);
