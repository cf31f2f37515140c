import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';

/*
 * Portal accounts (mobile number + password), chat-app identities and what logging in needs
 * around them: the token secret, failed-login counters, revoked tokens and the sweep of expired
 * one-time codes (account-sessions.ts mints and takes them). Every lookup is by primary or unique key.
 */

export interface UserRow {
  id: number;
  mobile: string;
  passwordHash: string;
  createdAt: string;
}

export interface WechatRow {
  openId: string;
  nickname: string;
  userId: number | null;
}

/** Who a token or ticket names: a mobile account or a chat-app identity, with what is bound to it. */
export type Subject =
  | { kind: 'user'; key: string; user: UserRow; wechat: WechatRow | null }
  | { kind: 'wechat'; key: string; wechat: WechatRow; user: UserRow | null };

export const userSubject = (id: number): string => `user:${id}`;
export const wechatSubject = (openId: string): string => `wechat:${openId}`;

const USER_COLUMNS = 'id, mobile, password_hash AS passwordHash, created_at AS createdAt';
const WECHAT_COLUMNS = 'open_id AS openId, nickname, user_id AS userId';

export function createAccountRepository(db: Database) {
  const secretGet = db.prepare('SELECT value FROM service_secrets WHERE name = ?').pluck();
  const secretPut = db.prepare('INSERT OR IGNORE INTO service_secrets (name, value, created_at) VALUES (?, ?, ?)');
  // A closed account's tombstone (migration 33) is no one: its logins, bindings and tokens are refused.
  const userById = db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE id = ? AND closed_at IS NULL`);
  const userByMobile = db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE mobile = ?`);
  const userInsert = db.prepare('INSERT INTO users (mobile, password_hash, created_at) VALUES (?, ?, ?)');
  const userRehash = db.prepare('UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?');
  const userPassword = db.prepare('UPDATE users SET password_hash = ? WHERE id = ?');
  const wechatById = db.prepare(`SELECT ${WECHAT_COLUMNS} FROM wechat_identities WHERE open_id = ?`);
  const wechatByUser = db.prepare(`SELECT ${WECHAT_COLUMNS} FROM wechat_identities WHERE user_id = ?`);
  const wechatAll = db.prepare(`SELECT ${WECHAT_COLUMNS} FROM wechat_identities ORDER BY sort_order, open_id`);
  const wechatBind = db.prepare('UPDATE wechat_identities SET user_id = ? WHERE open_id = ? AND user_id IS NULL');
  const wechatUnbind = db
    .prepare('UPDATE wechat_identities SET user_id = NULL WHERE user_id = ? RETURNING open_id')
    .pluck();
  const revokedPut = db.prepare('INSERT OR IGNORE INTO revoked_tokens (jti, expires_at) VALUES (?, ?)');
  const revokedGet = db.prepare('SELECT 1 FROM revoked_tokens WHERE jti = ?');
  const sweeps = [
    db.prepare('DELETE FROM revoked_tokens WHERE expires_at <= ?'),
    db.prepare('DELETE FROM login_handoffs WHERE expires_at <= ?'),
  ];

  const user = (row: unknown): UserRow | null => (row as UserRow | undefined) ?? null;
  const wechat = (row: unknown): WechatRow | null => (row as WechatRow | undefined) ?? null;

  return {
    /** A named secret of this database, created (random, 48 bytes) on first use. */
    secret(name: string): string {
      secretPut.run(name, randomBytes(48).toString('base64url'), new Date().toISOString());
      return secretGet.get(name) as string;
    },

    userByMobile: (mobile: string): UserRow | null => user(userByMobile.get(mobile)),

    /** The new account's id, or null when the mobile number is taken. */
    createUser(mobile: string, passwordHash: string, createdAt: string): number | null {
      const result = db.transaction(() => {
        if (userByMobile.get(mobile)) return null;
        return Number(userInsert.run(mobile, passwordHash, createdAt).lastInsertRowid);
      })();
      return result;
    },

    /** Replaces a password hash that is still `from` (a re-hash at a higher cost); false when it changed meanwhile. */
    replacePasswordHash(id: number, from: string, to: string): boolean {
      return userRehash.run(to, id, from).changes === 1;
    },

    /** A new password's hash (a reset: whatever the old one was). */
    setPasswordHash(id: number, hash: string): void {
      userPassword.run(hash, id);
    },

    /** The subject a token or ticket names, or null when it no longer exists. */
    resolve(subject: string): Subject | null {
      const [kind, id] = [subject.slice(0, subject.indexOf(':')), subject.slice(subject.indexOf(':') + 1)];
      if (kind === 'user' && /^\d{1,15}$/.test(id)) {
        const found = user(userById.get(Number(id)));
        return found ? { kind: 'user', key: subject, user: found, wechat: wechat(wechatByUser.get(found.id)) } : null;
      }
      if (kind === 'wechat') {
        const found = wechat(wechatById.get(id));
        if (!found) return null;
        const bound = found.userId === null ? null : user(userById.get(found.userId));
        return { kind: 'wechat', key: subject, wechat: found, user: bound };
      }
      return null;
    },

    wechatById: (openId: string): WechatRow | null => wechat(wechatById.get(openId)),

    /** Every chat-app identity of the data set, as the chat app's own (stand-in) authorization page lists them. */
    wechatIdentities: (): WechatRow[] => wechatAll.all() as WechatRow[],

    /** Binds an unbound identity to an account that has none; false when either side is taken. */
    bindWechat(userId: number, openId: string): boolean {
      return db.transaction(() => {
        if (wechatByUser.get(userId)) return false;
        return wechatBind.run(userId, openId).changes === 1;
      })();
    },

    /** Lets the account's chat-app identity go: its open id, or null when none was bound. */
    unbindWechat(userId: number): string | null {
      return (wechatUnbind.get(userId) as string | undefined) ?? null;
    },

    revoke(jti: string, expiresAtMs: number): void {
      revokedPut.run(jti, expiresAtMs);
    },

    isRevoked: (jti: string): boolean => revokedGet.get(jti) !== undefined,

    /** Drops rows that no longer matter: expired revocations, handoffs and failure counters. */
    sweep(now: number): void {
      sweeps[0]!.run(now);
      sweeps[1]!.run(now);
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
