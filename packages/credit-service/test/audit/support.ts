import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { API_PATHS, type LoginResult } from '@credit-portal/shared';
import { type AuditRecord } from '@credit-portal/node-common';
import { injectJson, type TestApp } from '../helper.js';

/*
 * What the audit tests share: the audit key of their services, the seed day, and reading the
 * records a request wrote.
 */

export const KEY = 'audit-route-test-key-0123456789abcdef';
export const AS_OF = '2026-11-21';

/** The helpers of a test file, on its service (asked for at each call: a file builds it in beforeAll). */
export function auditTools(service: () => TestApp) {
  /** Every record written so far, in chain order per file. */
  async function records(): Promise<AuditRecord[]> {
    const auditDir = path.join(service().dataDir, 'audit');
    const names = (await fs.readdir(auditDir)).filter((n) => n.endsWith('.jsonl')).sort();
    const out: AuditRecord[] = [];
    for (const name of names) {
      for (const line of (await fs.readFile(path.join(auditDir, name), 'utf8')).split('\n')) {
        if (line) out.push(JSON.parse(line) as AuditRecord);
      }
    }
    return out;
  }

  /** Runs `act` and answers the records it wrote (anchors aside). */
  async function written<T>(act: () => Promise<T>): Promise<{ result: T; fresh: AuditRecord[] }> {
    const before = new Set((await records()).map((r) => r.hash));
    const result = await act();
    const fresh = (await records()).filter((r) => !before.has(r.hash) && r.event !== 'audit.anchor');
    return { result, fresh };
  }

  /** Exactly one record of `event`, which it answers. */
  async function one(event: string, act: () => Promise<unknown>): Promise<AuditRecord> {
    const { fresh } = await written(act);
    expect(fresh.map((r) => r.event)).toEqual([event]);
    const record = fresh[0]!;
    expect(record.ip).toBe('127.0.0.1');
    expect(record.requestId).toMatch(/^req-/);
    return record;
  }

  const post = <T>(url: string, payload: unknown, token?: string) =>
    injectJson<T>(service().app, {
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const accountId = (mobile: string) =>
    service().app.db.prepare('SELECT id FROM users WHERE mobile = ?').pluck().get(mobile);

  async function login(account: { mobile: string; password: string }): Promise<string> {
    const { body } = await post<{ Data: LoginResult }>(API_PATHS.login, {
      Mobile: account.mobile,
      Password: account.password,
    });
    return body.Data.JwtToken;
  }

  return { records, written, one, post, accountId, login };
}
