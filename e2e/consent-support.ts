import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { API_PATHS, PRIVACY_RULES_VERSION, type LoginResult } from '@credit-portal/shared';
import { api } from './browser.js';

/*
 * The consent to the 个人信息处理规则 in the browser suite. The demo accounts predate the consent
 * records, so a login of theirs is asked to agree (the consent gate) before going on: the global
 * setup agrees for them once, through the API, so that the files that log them in go on as
 * before; privacy.e2e.ts walks the question itself with an account of its own.
 */

/** POSTs with a bearer token; throws on a refusal. */
async function bearerPost(baseUrl: string, path: string, token: string, body: unknown): Promise<void> {
  const response = await fetch(new URL(path, baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
}

/** Agrees to the rules in force for an account (a login of its own, ended afterwards). */
export async function acceptRulesFor(baseUrl: string, mobile: string, password: string): Promise<void> {
  const login = await api<LoginResult>(baseUrl, API_PATHS.login, { Mobile: mobile, Password: password });
  await bearerPost(baseUrl, API_PATHS.consentAccept, login.JwtToken, { Version: PRIVACY_RULES_VERSION });
  await bearerPost(baseUrl, API_PATHS.logout, login.JwtToken, {});
}

/**
 * Records, in the run's database, that an account's consent in force is of an older version of
 * the rules — as after the rules changed. Written by the credit-service's own SQLite driver (the
 * suite has none), beside the running service (SQLite's WAL lets both write in turn).
 */
export function recordOlderConsent(root: string, dataDir: string, mobile: string, version: string): void {
  const script = `
    import Database from 'better-sqlite3';
    const db = new Database(process.env.DB_FILE);
    db.pragma('busy_timeout = 10000');
    const id = db.prepare('SELECT id FROM users WHERE mobile = ?').pluck().get(process.env.MOBILE);
    if (id === undefined) throw new Error('no such account');
    db.transaction(() => {
      db.prepare("UPDATE consents SET withdrawn_at = '2025-01-01 00:00:00' WHERE subject = ? AND purpose = 'registration' AND withdrawn_at IS NULL").run('user:' + id);
      db.prepare("INSERT INTO consents (subject, purpose, version, granted_at) VALUES (?, 'registration', ?, '2025-01-01 00:00:00')").run('user:' + id, process.env.VERSION);
    })();
    db.close();`;
  const done = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: join(root, 'packages/credit-service'),
    env: { ...process.env, DB_FILE: join(dataDir, 'credit.sqlite'), MOBILE: mobile, VERSION: version },
    encoding: 'utf8',
  });
  if (done.status !== 0) throw new Error(`旧版本同意记录写入失败：${done.stderr}`);
}
