import type { Database } from 'better-sqlite3';
import { APPLICATION_STEP_LABELS, type ApplicationStep, type MyData } from '@credit-portal/shared';

/*
 * 我的数据 and 注销账号: what the portal holds about one account, read and (on closing) erased. Every
 * statement names the account's own subjects (user:<id> and its bound chat-app identity's
 * wechat:<openId>, `owners` below): nothing here reads or changes another account's rows.
 */

/** Whose rows: the account's id, its number and the subjects its records are filed under. */
export interface AccountRefs {
  userId: number;
  mobile: string;
  /** user:<id>, and wechat:<openId> when an identity is bound. */
  owners: readonly string[];
}

/** Shown in place of a closed account's contact details on the filings the centre keeps. */
export const CLOSED_CONTACT = '（账号已注销）';

/** The rows a copy holds that come straight from the tables (the rest: sessions, consents, audit). */
export type StoredCopy = Pick<
  MyData,
  'Profile' | 'Wechat' | 'Filings' | 'Promises' | 'Entities' | 'Follows' | 'MailSettings' | 'Reports'
>;

/** What a closing erased or moved, counted (the audit record's details). */
export interface Erasure {
  follows: number;
  notices: number;
  filingsKept: number;
  promisesKept: number;
}

const list = (owners: readonly string[]): string => JSON.stringify(owners);
const OWNED = 'owner IN (SELECT value FROM json_each(@owners))';

export function createMyDataRepository(db: Database) {
  const profile = db.prepare('SELECT mobile, created_at AS registeredAt FROM users WHERE id = ? AND closed_at IS NULL');
  const wechat = db.prepare('SELECT nickname FROM wechat_identities WHERE user_id = ?').pluck();
  const filings = db.prepare(
    `SELECT a.id, a.apply_no AS ApplyNo, a.kind AS Kind, e.name AS EntName, a.status, a.contact_name AS ContactName,
       a.contact_phone AS ContactPhone, a.description AS Description, a.submitted_at AS SubmittedAt,
       a.updated_at AS UpdatedAt, p.signer_name AS PromiseSigner
     FROM service_applications a JOIN entities e ON e.id = a.entity_id
     LEFT JOIN application_promises p ON p.application_id = a.id
     WHERE a.${OWNED} ORDER BY a.id DESC`,
  );
  const materials = db
    .prepare('SELECT file_name FROM application_materials WHERE application_id = ? ORDER BY id')
    .pluck();
  const promises = db.prepare(
    `SELECT e.name AS EntName, c.promise_type AS PromiseType, c.promiser AS Promiser, c.contact_mobile AS ContactMobile,
       c.promised_on AS PromisedOn, c.status AS Status
     FROM credit_promises c JOIN entities e ON e.id = c.entity_id WHERE c.${OWNED} ORDER BY c.id DESC`,
  );
  const entities = db.prepare(
    `SELECT e.name AS EntName, e.credit_code AS CreditCode, u.role AS Role
     FROM user_entities u JOIN entities e ON e.id = u.entity_id WHERE u.${OWNED} ORDER BY e.name`,
  );
  const follows = db.prepare(
    `SELECT e.name AS EntName, e.credit_code AS CreditCode, f.created_at AS FollowedAt
     FROM follows f JOIN entities e ON e.id = f.entity_id WHERE f.${OWNED} ORDER BY f.id DESC`,
  );
  const settings = db.prepare(
    `SELECT email, email_confirmed, email_digest, repairable_notice, updated_at FROM follow_settings WHERE ${OWNED}
     ORDER BY updated_at DESC LIMIT 1`,
  );
  const reports = db.prepare(
    `SELECT r.report_no AS ReportNo, r.report_type AS ReportType, e.name AS EntName, r.generated_at AS GeneratedAt
     FROM credit_reports r JOIN entities e ON e.id = r.entity_id
     WHERE r.requested_by IN (SELECT value FROM json_each(@owners)) ORDER BY r.generated_at DESC`,
  );

  // 注销账号's statements, in the order close() runs them.
  const erase = [
    'follows',
    'follow_notices',
    'follow_digests',
    'follow_settings',
    'repairable_notices',
    'user_entities',
  ].map((table) => ({ table, statement: db.prepare(`DELETE FROM ${table} WHERE ${OWNED}`) }));
  const pseudonymiseFilings = db.prepare(
    `UPDATE service_applications SET owner = @ref, contact_name = @contact, contact_phone = '' WHERE ${OWNED}`,
  );
  const pseudonymisePromises = db.prepare(
    `UPDATE credit_promises SET owner = @ref, contact_mobile = '' WHERE ${OWNED}`,
  );
  const dropTickets = db.prepare('DELETE FROM login_tickets WHERE subject IN (SELECT value FROM json_each(@owners))');
  const unbind = db.prepare('UPDATE wechat_identities SET user_id = NULL WHERE user_id = ?');
  // The tombstone (migration 33): the id stays taken, the number is free, no password matches '!'.
  const tombstone = db.prepare(
    `UPDATE users SET mobile = 'closed:' || id, password_hash = '!', created_at = '', closed_at = @at
     WHERE id = @id AND closed_at IS NULL`,
  );

  return {
    /** The account's rows as 我的数据 shows them; null when the account is gone. */
    copy(refs: AccountRefs): StoredCopy | null {
      const user = profile.get(refs.userId) as { mobile: string; registeredAt: string } | undefined;
      if (!user) return null;
      const owners = list(refs.owners);
      const nickname = wechat.get(refs.userId) as string | undefined;
      const mail = settings.get({ owners }) as
        | {
            email: string;
            email_confirmed: number;
            email_digest: number;
            repairable_notice: number;
            updated_at: string;
          }
        | undefined;
      return {
        Profile: { Mobile: user.mobile, RegisteredAt: user.registeredAt },
        Wechat: nickname === undefined ? null : { Nickname: nickname },
        Filings: (
          filings.all({ owners }) as (Omit<MyData['Filings'][number], 'Materials' | 'Status'> & {
            id: number;
            status: ApplicationStep;
          })[]
        ).map(({ id, status, ...filing }) => ({
          ...filing,
          Status: APPLICATION_STEP_LABELS[status] ?? status,
          Materials: materials.all(id) as string[],
        })),
        Promises: promises.all({ owners }) as MyData['Promises'],
        Entities: entities.all({ owners }) as MyData['Entities'],
        Follows: follows.all({ owners }) as MyData['Follows'],
        MailSettings: mail
          ? {
              Email: mail.email,
              EmailConfirmed: mail.email_confirmed === 1,
              EmailDigest: mail.email_digest === 1,
              RepairableNotice: mail.repairable_notice === 1,
              UpdatedAt: mail.updated_at,
            }
          : null,
        Reports: reports.all({ owners }) as MyData['Reports'],
      };
    },

    /** The application numbers of the account's filings (their decisions are in the audit trail). */
    applyNos: (refs: AccountRefs): string[] =>
      (filings.all({ owners: list(refs.owners) }) as { ApplyNo: string }[]).map((row) => row.ApplyNo),

    /**
     * 注销账号's erasure, run by the caller inside its transaction (after the logins ended):
     * - erased: follows, their notices and digests, the mail settings (the address and its
     *   confirmation link), the repairable notices, the links to entities, QR tickets, the chat-app binding (the identity goes back to the stand-in's
     *   list unbound), the number and password (the user row becomes a tombstone);
     * - pseudonymised and kept: filings (repair and objection: contact name and phone replaced,
     *   the owner moved to `ref`) and credit promises (contact mobile erased, owner moved to `ref`);
     * - kept as they are: issued reports (their signature covers requested_by, which now names a
     *   tombstone), the materials' files of the kept filings.
     */
    close(refs: AccountRefs, ref: string, at: string): Erasure {
      const owners = list(refs.owners);
      const counts = Object.fromEntries(
        erase.map(({ table, statement }) => [table, statement.run({ owners }).changes]),
      );
      const filingsKept = pseudonymiseFilings.run({ owners, ref, contact: CLOSED_CONTACT }).changes;
      const promisesKept = pseudonymisePromises.run({ owners, ref }).changes;
      dropTickets.run({ owners });
      unbind.run(refs.userId);
      tombstone.run({ id: refs.userId, at });
      return {
        follows: counts.follows ?? 0,
        notices: counts.follow_notices ?? 0,
        filingsKept,
        promisesKept,
      };
    },
  };
}

export type MyDataRepository = ReturnType<typeof createMyDataRepository>;
