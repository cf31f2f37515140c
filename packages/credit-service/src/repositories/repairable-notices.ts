import type { Database, Transaction } from 'better-sqlite3';
import { addMonths, dayNumber, formatDay } from '../lib/dates.js';
import { penaltyPublicizedSql } from './publicity.js';
import { filingState, PENALTY_FILING_COLUMNS, REPAIR_AFTER_MONTHS, type PenaltyForFiling } from './services.js';

/*
 * The day a penalty becomes repairable (migration 30): on the day its shortest publicity ends
 * (filingState's repairableFrom), the accounts linked to its entity and the followers who opted in
 * get a 信用关注 notice, and — when the account has a confirmed address — one mail. The job's day
 * mark, the ledger rows and the notices are written in one transaction, so each (penalty, account)
 * is told once, across runs and restarts; a mail is claimed before it is sent, as a digest is.
 */

/** follow_marks' source of this scan: its last_id is the last day scanned, as a day number. */
const MARK = 'repairable';
/** Slack around a severity's window of decision days: addMonths clamps month ends (by up to 3 days). */
const CLAMP_SLACK_DAYS = 4;

export type RepairableRole = 'owner' | 'follower';

/** One mail to send: to whom, why, and the penalty it is about. */
export interface RepairableMail {
  owner: string;
  role: RepairableRole;
  email: string;
  penalty: PenaltyForFiling;
  repairableFrom: string;
}

export interface RepairableRepository {
  /**
   * Makes the notices of every penalty whose repairable day lies after the mark and at the
   * latest `today`, and moves the mark to today: how many notices were made. The first scan of a
   * database starts at yesterday — today's are news, what became repairable before is not.
   */
  scan: Transaction<(now: string, today: string) => number>;
  /** Claims every mail not yet sent (they are 'sending' until mailSent or mailFailed). */
  claimMails: Transaction<() => RepairableMail[]>;
  mailSent(penaltyId: number, owner: string, at: string): void;
  /** A mail that could not be sent: pending again, so a later run tries again. */
  mailFailed(penaltyId: number, owner: string): void;
}

export function createRepairableRepository(db: Database): RepairableRepository {
  const markGet = db.prepare('SELECT last_id FROM follow_marks WHERE source = ?').pluck();
  const markPut = db.prepare(
    'INSERT INTO follow_marks (source, last_id) VALUES (?, ?) ON CONFLICT (source) DO UPDATE SET last_id = excluded.last_id',
  );
  // Natural persons file nothing online (fileApplication refuses them): no notice either.
  const candidates = db.prepare(
    `SELECT ${PENALTY_FILING_COLUMNS} FROM penalties p JOIN entities e ON e.id = p.entity_id
     WHERE p.severity = @severity AND p.CF_JDRQ > @from AND p.CF_JDRQ <= @to AND p.CF_XDR_LB <> '自然人'
       AND ${penaltyPublicizedSql('@today', 'p.')}
     ORDER BY p.id`,
  );
  const recipients = db.prepare(
    `SELECT owner, 'owner' AS role FROM user_entities WHERE entity_id = @entity
     UNION ALL
     SELECT f.owner, 'follower' AS role FROM follows f
       JOIN follow_settings s ON s.owner = f.owner AND s.repairable_notice = 1
     WHERE f.entity_id = @entity AND f.owner NOT IN (SELECT owner FROM user_entities WHERE entity_id = @entity)`,
  );
  const confirmedEmail = db
    .prepare(`SELECT email FROM follow_settings WHERE owner = ? AND email <> '' AND email_confirmed = 1`)
    .pluck();
  const ledgerPut = db.prepare(
    `INSERT OR IGNORE INTO repairable_notices (penalty_id, owner, role, repairable_from, created_at, mail_to, mail_status)
     VALUES (@penaltyId, @owner, @role, @repairableFrom, @now, @email, CASE WHEN @email IS NULL THEN NULL ELSE 'pending' END)`,
  );
  // Mailed on its own (below), never again in a digest: digest_day '-'.
  const noticePut = db.prepare(
    `INSERT OR IGNORE INTO follow_notices
       (owner, entity_id, source, source_id, kind, title, detail, record_id, doc_no, published_on, created_at, digest_day)
     VALUES (@owner, @entityId, 'repairable', @penaltyId, 'penalty_repairable', @title, @detail, @recordId, @docNo,
       @repairableFrom, @now, '-')`,
  );
  const pending = db.prepare(
    `SELECT penalty_id AS penaltyId, owner, role, mail_to AS email, repairable_from AS repairableFrom
     FROM repairable_notices WHERE mail_status = 'pending' ORDER BY penalty_id, owner`,
  );
  const penaltyById = db.prepare(
    `SELECT ${PENALTY_FILING_COLUMNS} FROM penalties p JOIN entities e ON e.id = p.entity_id WHERE p.id = ?`,
  );
  const setStatus = db.prepare(
    `UPDATE repairable_notices SET mail_status = @status, mailed_at = @at
     WHERE penalty_id = @penaltyId AND owner = @owner AND mail_status = @from`,
  );

  /** The penalties whose repairable day is in (from, today], by severity's decision-day window. */
  function becameRepairable(from: string, today: string): Array<{ penalty: PenaltyForFiling; repairableFrom: string }> {
    const found: Array<{ penalty: PenaltyForFiling; repairableFrom: string }> = [];
    for (const [severity, months] of Object.entries(REPAIR_AFTER_MONTHS)) {
      const window = {
        severity,
        today,
        from: formatDay(dayNumber(addMonths(from, -months)) - CLAMP_SLACK_DAYS),
        to: formatDay(dayNumber(addMonths(today, -months)) + CLAMP_SLACK_DAYS),
      };
      for (const penalty of candidates.all(window) as PenaltyForFiling[]) {
        const state = filingState(penalty, today);
        if (state.repairable && state.repairableFrom > from && state.repairableFrom <= today) {
          found.push({ penalty, repairableFrom: state.repairableFrom });
        }
      }
    }
    return found;
  }

  return {
    scan: db.transaction((now: string, today: string): number => {
      const mark = markGet.get(MARK) as number | undefined;
      const from = formatDay(mark ?? dayNumber(today) - 1);
      if (from >= today) return 0;
      let made = 0;
      for (const { penalty, repairableFrom } of becameRepairable(from, today)) {
        const rows = recipients.all({ entity: penalty.entityId }) as Array<{ owner: string; role: RepairableRole }>;
        for (const { owner, role } of rows) {
          const email = (confirmedEmail.get(owner) as string | undefined) ?? null;
          const penaltyId = penalty.id;
          if (ledgerPut.run({ penaltyId, owner, role, repairableFrom, now, email }).changes === 0) continue;
          noticePut.run({
            owner,
            entityId: penalty.entityId,
            penaltyId,
            title: `可申请信用修复：${penalty.docNo}`,
            detail: `该行政处罚（${penalty.severity}失信行为，处罚机关 ${penalty.authority}，决定日期 ${penalty.decidedOn}）已于 ${repairableFrom} 满最短公示期。已履行行政处罚决定、纠正失信行为的，可在线申请信用修复。`,
            recordId: String(penaltyId),
            docNo: penalty.docNo,
            repairableFrom,
            now,
          });
          made += 1;
        }
      }
      markPut.run(MARK, dayNumber(today));
      return made;
    }),

    claimMails: db.transaction((): RepairableMail[] => {
      const mails: RepairableMail[] = [];
      const rows = pending.all() as Array<Omit<RepairableMail, 'penalty'> & { penaltyId: number }>;
      for (const { penaltyId, ...row } of rows) {
        setStatus.run({ status: 'sending', at: null, penaltyId, owner: row.owner, from: 'pending' });
        const penalty = penaltyById.get(penaltyId) as PenaltyForFiling | undefined;
        if (penalty) mails.push({ ...row, penalty });
      }
      return mails;
    }),

    mailSent: (penaltyId: number, owner: string, at: string): void => {
      setStatus.run({ status: 'sent', at, penaltyId, owner, from: 'sending' });
    },

    mailFailed: (penaltyId: number, owner: string): void => {
      setStatus.run({ status: 'pending', at: null, penaltyId, owner, from: 'sending' });
    },
  };
}
