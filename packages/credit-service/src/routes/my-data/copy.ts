import { createHash } from 'node:crypto';
import { dayBefore, localDay, type AuditRecord } from '@credit-portal/node-common';
import type { MyAuditRecord, MyData, MySession } from '@credit-portal/shared';
import type { Session } from '../../plugins/auth.js';
import type { UserRow } from '../../repositories/account.js';
import type { AccountRefs, MyDataRepository } from '../../repositories/my-data.js';
import type { ConsentRepository } from '../../repositories/consents.js';
import type { TypeboxApp } from '../../lib/typebox-app.js';

/**
 * How far back the copy reads the audit trail: 184 days, the security stream's retention floor
 * (audit-events.ts), which every deployment keeps; and at most the newest AUDIT_RECORDS_MAX records.
 * Both bound the work of one request (it reads one file per day and series); older records stay in
 * the trail and the centre answers a request for them (docs/OPERATIONS.md).
 */
export const AUDIT_COPY_DAYS = 184;
export const AUDIT_RECORDS_MAX = 500;

/** A session's reference in the copy: a hash of its id, so the copy never carries what the tokens carry. */
export const sessionRef = (sid: string): string => createHash('sha256').update(sid).digest('base64url').slice(0, 22);

const iso = (ms: number): string => new Date(ms).toISOString();

/** The account's subjects: its mobile login's and its bound chat-app identity's. */
export function refsOf(user: UserRow, wechatOpenId: string | null): AccountRefs {
  return {
    userId: user.id,
    mobile: user.mobile,
    owners: [`user:${user.id}`, ...(wechatOpenId ? [`wechat:${wechatOpenId}`] : [])],
  };
}

/** Subjects that name no person: kept in the copy as they are. */
const OBJECT_KINDS = /^(application|report|entity):/;

/** A record as the person sees it: who acted told as self, centre or other, nothing of anyone else. */
function shown(record: AuditRecord, mine: ReadonlySet<string>): MyAuditRecord {
  const actor = mine.has(record.actor) ? 'self' : /^(reviewer:|admin$|system$)/.test(record.actor) ? 'centre' : 'other';
  return {
    Time: record.time,
    Event: record.event,
    Result: record.result,
    Reason: record.reason,
    Actor: actor,
    Object: record.subject && OBJECT_KINDS.test(record.subject) ? record.subject : '',
  };
}

/** Builds 我的数据's copy of the account a session acts for (a mobile account: the caller checked). */
export async function buildCopy(
  app: TypeboxApp,
  repo: MyDataRepository,
  consents: ConsentRepository,
  session: Session,
  user: UserRow,
): Promise<MyData | null> {
  const openId = session.subject.wechat?.openId ?? null;
  const refs = refsOf(user, openId);
  const stored = repo.copy(refs);
  if (!stored) return null;
  const sessions: MySession[] = app.auth.accountSessions(user.id).map((row) => ({
    Id: sessionRef(row.sid),
    LoginType: row.subject.startsWith('wechat:') ? 'Wechat' : 'User',
    ViaLink: row.restricted,
    Current: row.sid === session.sid,
    CreatedAt: iso(row.createdAt),
    LastSeenAt: iso(row.lastSeenAt),
    ExpiresAt: iso(row.expiresAt),
  }));
  // Whose records concern the account: its id, the keyed hashes of its number and identity (the
  // trail's own references, never the key), and its filings (the centre's decisions on them).
  const mine = new Set([
    `account:${user.id}`,
    app.audit.mobile(user.mobile),
    ...(openId ? [app.audit.wechat(openId)] : []),
  ]);
  const filings = repo.applyNos(refs).map((no) => `application:${no}`);
  const since = dayBefore(localDay(new Date()), AUDIT_COPY_DAYS);
  const records = await app.audit.concerning([...mine, ...filings], since);
  return {
    GeneratedAt: new Date().toISOString(),
    ...stored,
    Sessions: sessions,
    Consents: consents.list(refs.owners),
    Audit: {
      Records: records.slice(-AUDIT_RECORDS_MAX).map((record) => shown(record, mine)),
      Since: since,
      Truncated: records.length > AUDIT_RECORDS_MAX,
    },
  };
}
