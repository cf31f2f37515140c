import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { WECHAT_CODE_TTL_SECONDS } from '@credit-portal/shared';
import { sameText, sha256 } from '../lib/hash.js';

/*
 * The chat app's OAuth 2.0 authorization codes (RFC 6749 §4.1), migration 15: issued by its
 * authorization page (the demo stand-in, routes/demo/wechat-authorize.ts) for one identity and
 * the `state` the portal sent, kept as hashes, and exchanged by the login or bind call exactly
 * once: the exchange deletes the row whatever it finds, so a code is never good twice, and a
 * code brought back with another state is refused (and spent).
 */

const SWEEP_INTERVAL_MS = 60_000;

export function createWechatCodeRepository(db: Database) {
  const insert = db.prepare(
    'INSERT INTO wechat_auth_codes (code_hash, open_id, state_hash, expires_at) VALUES (?, ?, ?, ?)',
  );
  const take = db.prepare(
    'DELETE FROM wechat_auth_codes WHERE code_hash = ? RETURNING open_id AS openId, state_hash AS stateHash, expires_at AS expiresAt',
  );
  const sweep = db.prepare('DELETE FROM wechat_auth_codes WHERE expires_at <= ?');
  let lastSweep = 0;

  return {
    /** A new one-time code for the identity, bound to `state`; valid WECHAT_CODE_TTL_SECONDS. */
    issue(openId: string, state: string, now: number): string {
      if (now - lastSweep >= SWEEP_INTERVAL_MS) {
        lastSweep = now;
        sweep.run(now);
      }
      const code = randomBytes(32).toString('base64url');
      insert.run(sha256(code), openId, sha256(state), now + WECHAT_CODE_TTL_SECONDS * 1000);
      return code;
    },

    /**
     * The identity (openId) a code was issued for, when it is unexpired and comes back with the
     * state it was issued for; else null. The code is used up by this call either way.
     */
    exchange(code: string, state: string, now: number): string | null {
      const row = take.get(sha256(code)) as { openId: string; stateHash: string; expiresAt: number } | undefined;
      if (!row || row.expiresAt <= now) return null;
      return sameText(row.stateHash, sha256(state)) ? row.openId : null;
    },
  };
}

export type WechatCodeRepository = ReturnType<typeof createWechatCodeRepository>;
