import type { Database } from 'better-sqlite3';
import type { ConsentPurpose, ConsentRecord } from '@credit-portal/shared';

/*
 * Consents to the 个人信息处理规则 (migration 32), one row per act. Every read and write names its
 * subject (user:<id>, wechat:<openId> or h5:<keyed ID hash>): nothing here reaches another
 * person's rows.
 */
export function createConsentRepository(db: Database) {
  const insert = db.prepare(
    'INSERT INTO consents (subject, purpose, version, granted_at) VALUES (@subject, @purpose, @version, @now)',
  );
  const withdraw = db.prepare(
    `UPDATE consents SET withdrawn_at = @now
     WHERE subject = @subject AND purpose = @purpose AND withdrawn_at IS NULL`,
  );
  const current = db.prepare(
    `SELECT id, version FROM consents
     WHERE subject = ? AND purpose = ? AND withdrawn_at IS NULL ORDER BY id DESC LIMIT 1`,
  );
  const list = db.prepare(
    `SELECT purpose, version, granted_at AS grantedAt, withdrawn_at AS withdrawnAt
     FROM consents WHERE subject IN (SELECT value FROM json_each(?)) ORDER BY id`,
  );
  const move = db.prepare('UPDATE consents SET subject = ? WHERE subject = ?');

  return {
    /**
     * Records a consent to `version` of the rules. A consent still in force for the same purpose
     * is ended first, so at most one is in force and the record shows each version agreed to.
     */
    grant(subject: string, purpose: ConsentPurpose, version: string, now: string): void {
      db.transaction(() => {
        withdraw.run({ subject, purpose, now });
        insert.run({ subject, purpose, version, now });
      })();
    },

    /** Withdraws the consent in force for a purpose; false when there was none. */
    withdraw(subject: string, purpose: ConsentPurpose, now: string): boolean {
      return withdraw.run({ subject, purpose, now }).changes > 0;
    },

    /** The version of the consent in force for a purpose, or null (never given, or withdrawn). */
    versionInForce(subject: string, purpose: ConsentPurpose): string | null {
      const row = current.get(subject, purpose) as { version: string } | undefined;
      return row?.version ?? null;
    },

    /** The row id of the consent in force for a purpose (never reused: a mail's link names it), or null. */
    idInForce(subject: string, purpose: ConsentPurpose): number | null {
      const row = current.get(subject, purpose) as { id: number } | undefined;
      return row?.id ?? null;
    },

    /** Every consent of these subjects (an account's mobile login and its bound identity), oldest first. */
    list(subjects: readonly string[]): ConsentRecord[] {
      return list.all(JSON.stringify(subjects)) as ConsentRecord[];
    },

    /** Moves the records to another subject (a closed account's keyed reference): the evidence stays, the link goes. */
    reassign(from: string, to: string): number {
      return move.run(to, from).changes;
    },
  };
}

export type ConsentRepository = ReturnType<typeof createConsentRepository>;
