import { randomBytes } from 'node:crypto';
import type { Database, Transaction } from 'better-sqlite3';
import {
  FOLLOW_CONFIRM_RESEND_SECONDS,
  FOLLOW_CONFIRM_TTL_HOURS,
  FOLLOW_LIMIT,
  type FollowedEntity,
  type FollowNotice,
  type FollowNoticeKind,
  type FollowSettings,
} from '@credit-portal/shared';
import { sha256 } from '../lib/hash.js';
import { penaltyPublicizedSql } from './publicity.js';

/*
 * 信用关注 (migration 19): follows, notices, the mail choice and digests, and the job's
 * scan of what was published. Every read and write names its owner (user:<id> or wechat:<openId>):
 * nothing here reaches another account's rows.
 */

/** One source of publications: its table, and the SQL that turns its rows after a mark into notices. */
interface Source {
  name: string;
  table: string;
  /** SELECT owner, entity_id, source_id, kind, title, detail, record_id, published_on for rows in (@from, @to]. */
  select: string;
}

const SOURCES: readonly Source[] = [
  {
    name: 'licences',
    table: 'licences',
    select: `SELECT f.owner, x.entity_id, x.id AS source_id, 'licence' AS kind,
        '新增行政许可：' || x.XK_XKZS AS title,
        '许可决定书文号 ' || x.XK_WSH || '；许可机关 ' || x.XK_XKJG || '；决定日期 ' || x.XK_JDRQ AS detail,
        CAST(x.id AS TEXT) AS record_id, x.XK_JDRQ AS published_on
      FROM licences x JOIN follows f ON f.entity_id = x.entity_id
      WHERE x.id > @from AND x.id <= @to`,
  },
  {
    name: 'penalties',
    table: 'penalties',
    // Only what is published (not 轻微, not repaired, within its publicity; a natural person's own
    // penalty is not shown on the shop's record either).
    select: `SELECT f.owner, x.entity_id, x.id AS source_id, 'penalty' AS kind,
        '新增行政处罚：' || x.CF_WSH AS title,
        '处罚类别 ' || x.CF_CFLB || '；处罚机关 ' || x.CF_CFJG || '；决定日期 ' || x.CF_JDRQ || '；公示截止 ' || x.CF_GSJZQ AS detail,
        CAST(x.id AS TEXT) AS record_id, x.CF_JDRQ AS published_on
      FROM penalties x JOIN follows f ON f.entity_id = x.entity_id
      WHERE x.id > @from AND x.id <= @to AND x.CF_XDR_LB <> '自然人' AND ${penaltyPublicizedSql('@today', 'x.')}`,
  },
  {
    name: 'application_steps',
    table: 'application_steps',
    // A repair approved (the penalty leaves publicity) and an objection decided either way.
    select: `SELECT f.owner, a.entity_id, s.id AS source_id,
        CASE a.kind WHEN 'repair' THEN 'penalty_repaired' ELSE 'objection_outcome' END AS kind,
        CASE a.kind WHEN 'repair' THEN '行政处罚已完成信用修复：' ELSE '异议处理结果：' END || p.CF_WSH AS title,
        CASE WHEN a.kind = 'objection' AND s.step = 'approved' THEN '异议成立。'
             WHEN a.kind = 'objection' THEN '异议不成立。' ELSE '' END || a.result AS detail,
        CAST(p.id AS TEXT) AS record_id, substr(s.at, 1, 10) AS published_on
      FROM application_steps s
      JOIN service_applications a ON a.id = s.application_id
      JOIN penalties p ON p.id = a.penalty_id
      JOIN follows f ON f.entity_id = a.entity_id
      WHERE s.id > @from AND s.id <= @to
        AND ((a.kind = 'repair' AND s.step = 'approved') OR (a.kind = 'objection' AND s.step IN ('approved', 'rejected')))`,
  },
  {
    name: 'red_black_list',
    table: 'red_black_list',
    select: `SELECT f.owner, x.entity_id, x.id AS source_id,
        CASE x.list_type WHEN 'red' THEN 'red_list' ELSE 'black_list' END AS kind,
        '列入' || x.list_name AS title,
        '认定部门 ' || x.authority || '；列入原因 ' || x.reason || '；有效期至 ' || x.valid_until AS detail,
        NULL AS record_id, x.included_on AS published_on
      FROM red_black_list x JOIN follows f ON f.entity_id = x.entity_id
      WHERE x.id > @from AND x.id <= @to`,
  },
  {
    name: 'abnormal_business',
    table: 'abnormal_business',
    select: `SELECT f.owner, x.entity_id, x.id AS source_id, 'abnormal' AS kind,
        '列入经营异常名录' AS title,
        x.reason || '；决定机关 ' || x.decision_org || '；决定书文号 ' || x.doc_no AS detail,
        NULL AS record_id, x.listed_on AS published_on
      FROM abnormal_business x JOIN follows f ON f.entity_id = x.entity_id
      WHERE x.id > @from AND x.id <= @to AND x.entity_id IS NOT NULL`,
  },
  {
    name: 'entity_status_changes',
    table: 'entity_status_changes',
    select: `SELECT f.owner, x.entity_id, x.id AS source_id, 'status' AS kind,
        '登记状态变更：' || x.old_status || ' → ' || x.new_status AS title,
        '该主体的登记状态由“' || x.old_status || '”变更为“' || x.new_status || '”' AS detail,
        NULL AS record_id, substr(x.changed_at, 1, 10) AS published_on
      FROM entity_status_changes x JOIN follows f ON f.entity_id = x.entity_id
      WHERE x.id > @from AND x.id <= @to`,
  },
];

/** What a scan did: notices made, per source. */
export type ScanResult = Record<string, number>;

/** One notice of a digest. */
export interface DigestNotice {
  entityId: number;
  entName: string;
  followId: number | null;
  kind: FollowNoticeKind;
  title: string;
  detail: string;
  publishedOn: string;
}

/** A digest to send: its owner, address and notices. */
export interface Digest {
  owner: string;
  email: string;
  day: string;
  notices: DigestNotice[];
}

/** What SaveFollowSettings changes: the digest and its address, and (when given) the repairable-day opt-in. */
export type SettingsChoice = Pick<FollowSettings, 'EmailDigest' | 'Email'> & { RepairableNotice?: boolean };

export type FollowOutcome = 'followed' | 'already' | 'limit' | 'no_entity';

interface NoticeRow {
  id: number;
  entity_id: number;
  name: string;
  kind: FollowNoticeKind;
  title: string;
  detail: string;
  record_id: string | null;
  doc_no: string | null;
  published_on: string;
  created_at: string;
  read_at: string | null;
}

/** The name of the unfollow links' key in service_secrets. */
const LINK_KEY_SECRET = 'follow-unfollow-link';

/** The follows, notices, mail choices, digests and marks of every account (each call names its owner). */
export interface FollowRepository {
  linkKey(): string;
  countOf(owner: string): number;
  following(owner: string, entityId: number): boolean;
  follow: Transaction<(owner: string, entityId: number, at: string) => FollowOutcome>;
  unfollow(owner: string, entityId: number): boolean;
  followById(id: number): { owner: string; entityId: number; name: string } | undefined;
  unfollowById(id: number): boolean;
  entityName(entityId: number): string | undefined;
  list(owner: string): FollowedEntity[];
  settings(owner: string): FollowSettings;
  /** Saves the choice; a changed address loses its confirmation (and any pending link). */
  saveSettings: Transaction<(owner: string, settings: SettingsChoice, at: string) => void>;
  /**
   * A new confirmation link for the owner's saved address (replacing any earlier one): its token,
   * or 'recent' when one was mailed less than FOLLOW_CONFIRM_RESEND_SECONDS ago.
   */
  startConfirmation: Transaction<(owner: string, now: number) => { token: string; email: string } | 'recent'>;
  /** The link's mail was not sent: the link is dropped, and a new one may be asked for at once. */
  dropConfirmation(owner: string): void;
  /** Confirms the address a valid, unexpired link names, once: the address, or null. */
  confirmEmail(token: string, now: number): string | null;
  notices(owner: string, offset: number, limit: number): { list: FollowNotice[]; totalCount: number; Unread: number };
  markRead: Transaction<(owner: string, ids: readonly number[] | 'all', at: string) => number>;
  startMarks: Transaction<() => void>;
  scan: Transaction<(now: string, today: string) => ScanResult>;
  claimDigests: Transaction<(day: string) => Digest[]>;
  digestSent(owner: string, day: string, at: string): void;
  digestFailed: Transaction<(owner: string, day: string) => void>;
}

export function createFollowRepository(db: Database): FollowRepository {
  const secretGet = db.prepare('SELECT value FROM service_secrets WHERE name = ?').pluck();
  const secretPut = db.prepare('INSERT OR IGNORE INTO service_secrets (name, value, created_at) VALUES (?, ?, ?)');
  const entityExists = db.prepare('SELECT 1 FROM entities WHERE id = ?').pluck();
  const count = db.prepare('SELECT COUNT(*) FROM follows WHERE owner = ?').pluck();
  const isFollowing = db.prepare('SELECT id FROM follows WHERE owner = ? AND entity_id = ?').pluck();
  const insertFollow = db.prepare('INSERT OR IGNORE INTO follows (owner, entity_id, created_at) VALUES (?, ?, ?)');
  const deleteFollow = db.prepare('DELETE FROM follows WHERE owner = ? AND entity_id = ?');
  const followById = db.prepare(
    `SELECT f.owner, f.entity_id AS entityId, e.name FROM follows f JOIN entities e ON e.id = f.entity_id WHERE f.id = ?`,
  );
  const deleteFollowById = db.prepare('DELETE FROM follows WHERE id = ?');
  const entityName = db.prepare('SELECT name FROM entities WHERE id = ?').pluck();
  const list = db.prepare(
    `SELECT CAST(e.id AS TEXT) AS EntityId, e.name AS EntName, e.credit_code AS CreditCode, e.status AS Status,
       f.created_at AS FollowedAt,
       (SELECT COUNT(*) FROM follow_notices n WHERE n.owner = f.owner AND n.entity_id = f.entity_id AND n.read_at IS NULL) AS Unread
     FROM follows f JOIN entities e ON e.id = f.entity_id WHERE f.owner = ? ORDER BY f.id DESC`,
  );
  const settingsGet = db.prepare(
    'SELECT email, email_digest, email_confirmed, confirm_sent_at, repairable_notice FROM follow_settings WHERE owner = ?',
  );
  const settingsPut = db.prepare(
    `INSERT INTO follow_settings (owner, email, email_digest, repairable_notice, updated_at)
     VALUES (@owner, @email, @digest, @repairable, @at)
     ON CONFLICT (owner) DO UPDATE SET email = excluded.email, email_digest = excluded.email_digest,
       repairable_notice = excluded.repairable_notice, updated_at = excluded.updated_at`,
  );
  const unconfirm = db.prepare(
    `UPDATE follow_settings SET email_confirmed = 0, confirm_token_hash = NULL, confirm_expires = NULL,
       confirm_sent_at = NULL WHERE owner = ?`,
  );
  const confirmationPut = db.prepare(
    `UPDATE follow_settings SET confirm_token_hash = @hash, confirm_expires = @expires, confirm_sent_at = @now
     WHERE owner = @owner`,
  );
  const confirmationDrop = db.prepare(
    'UPDATE follow_settings SET confirm_token_hash = NULL, confirm_expires = NULL, confirm_sent_at = NULL WHERE owner = ?',
  );
  const confirm = db
    .prepare(
      `UPDATE follow_settings SET email_confirmed = 1, confirm_token_hash = NULL, confirm_expires = NULL
       WHERE confirm_token_hash = ? AND confirm_expires > ? RETURNING email`,
    )
    .pluck();
  const noticeCount = db.prepare('SELECT COUNT(*) FROM follow_notices WHERE owner = ?').pluck();
  const unreadCount = db.prepare('SELECT COUNT(*) FROM follow_notices WHERE owner = ? AND read_at IS NULL').pluck();
  const noticePage = db.prepare(
    `SELECT n.id, n.entity_id, e.name, n.kind, n.title, n.detail, n.record_id, n.doc_no, n.published_on, n.created_at,
       n.read_at
     FROM follow_notices n JOIN entities e ON e.id = n.entity_id
     WHERE n.owner = ? ORDER BY n.id DESC LIMIT ? OFFSET ?`,
  );
  const markRead = db.prepare('UPDATE follow_notices SET read_at = ? WHERE owner = ? AND id = ? AND read_at IS NULL');
  const markAllRead = db.prepare('UPDATE follow_notices SET read_at = ? WHERE owner = ? AND read_at IS NULL');

  const markGet = db.prepare('SELECT last_id FROM follow_marks WHERE source = ?').pluck();
  const markPut = db.prepare(
    'INSERT INTO follow_marks (source, last_id) VALUES (?, ?) ON CONFLICT (source) DO UPDATE SET last_id = excluded.last_id',
  );
  const sourceSteps = SOURCES.map((source) => ({
    source,
    maxId: db.prepare(`SELECT COALESCE(MAX(id), 0) FROM ${source.table}`).pluck(),
    insert: db.prepare(
      `INSERT OR IGNORE INTO follow_notices
         (owner, entity_id, source, source_id, kind, title, detail, record_id, published_on, created_at)
       SELECT owner, entity_id, '${source.name}', source_id, kind, title, detail, record_id, published_on, @now
       FROM (${source.select})`,
    ),
  }));

  const digestOwners = db.prepare(
    `SELECT s.owner, s.email FROM follow_settings s
     WHERE s.email_digest = 1 AND s.email <> '' AND s.email_confirmed = 1
       AND EXISTS (SELECT 1 FROM follow_notices n WHERE n.owner = s.owner AND n.digest_day IS NULL)
       AND NOT EXISTS (SELECT 1 FROM follow_digests d WHERE d.owner = s.owner AND d.day = @day)`,
  );
  const unmailed = db.prepare(
    `SELECT n.id, n.entity_id AS entityId, e.name AS entName, f.id AS followId, n.kind, n.title, n.detail,
       n.published_on AS publishedOn
     FROM follow_notices n JOIN entities e ON e.id = n.entity_id
     LEFT JOIN follows f ON f.owner = n.owner AND f.entity_id = n.entity_id
     WHERE n.owner = ? AND n.digest_day IS NULL ORDER BY n.entity_id, n.id`,
  );
  const claimDigest = db.prepare(
    `INSERT OR IGNORE INTO follow_digests (owner, day, status, notices) VALUES (?, ?, 'sending', ?)`,
  );
  const stampNotices = db.prepare('UPDATE follow_notices SET digest_day = ? WHERE owner = ? AND id = ?');
  const digestSent = db.prepare(`UPDATE follow_digests SET status = 'sent', sent_at = ? WHERE owner = ? AND day = ?`);
  const digestDrop = db.prepare('DELETE FROM follow_digests WHERE owner = ? AND day = ?');
  const unstamp = db.prepare('UPDATE follow_notices SET digest_day = NULL WHERE owner = ? AND digest_day = ?');
  // Owners who take no mail: their notices are never waiting for a digest (a later opt-in mails only what is new).
  const stampUnmailed = db.prepare(
    `UPDATE follow_notices SET digest_day = '-' WHERE digest_day IS NULL AND owner NOT IN
       (SELECT owner FROM follow_settings WHERE email_digest = 1 AND email <> '' AND email_confirmed = 1)`,
  );

  const settingsRow = (owner: string) =>
    settingsGet.get(owner) as
      | {
          email: string;
          email_digest: number;
          email_confirmed: number;
          confirm_sent_at: number | null;
          repairable_notice: number;
        }
      | undefined;

  const toNotice = (row: NoticeRow): FollowNotice => ({
    id: String(row.id),
    EntityId: String(row.entity_id),
    EntName: row.name,
    Kind: row.kind,
    Title: row.title,
    Detail: row.detail,
    PublishedOn: row.published_on,
    CreatedAt: row.created_at,
    Read: row.read_at !== null,
    RecordId: row.record_id,
    DocNo: row.doc_no,
  });

  return {
    /** The signed unfollow links' HMAC key: random, made once and kept in the database (its own, single-purpose). */
    linkKey(): string {
      secretPut.run(LINK_KEY_SECRET, randomBytes(32).toString('base64url'), new Date().toISOString());
      return secretGet.get(LINK_KEY_SECRET) as string;
    },

    countOf: (owner: string): number => Number(count.get(owner)),

    following: (owner: string, entityId: number): boolean => isFollowing.get(owner, entityId) !== undefined,

    /** Follows an entity, within FOLLOW_LIMIT (checked in the same transaction as the insert). */
    follow: db.transaction((owner: string, entityId: number, at: string): FollowOutcome => {
      if (entityExists.get(entityId) === undefined) return 'no_entity';
      if (isFollowing.get(owner, entityId) !== undefined) return 'already';
      if (Number(count.get(owner)) >= FOLLOW_LIMIT) return 'limit';
      insertFollow.run(owner, entityId, at);
      return 'followed';
    }),

    /** Ends a follow; false when there was none. */
    unfollow: (owner: string, entityId: number): boolean => deleteFollow.run(owner, entityId).changes > 0,

    /** The follow a signed link names, if it still exists. */
    followById: (id: number) => followById.get(id) as { owner: string; entityId: number; name: string } | undefined,

    /** Ends the follow a signed link names: true when this call ended it. */
    unfollowById: (id: number): boolean => deleteFollowById.run(id).changes > 0,

    entityName: (entityId: number): string | undefined => entityName.get(entityId) as string | undefined,

    list: (owner: string): FollowedEntity[] => list.all(owner) as FollowedEntity[],

    settings(owner: string): FollowSettings {
      const row = settingsRow(owner);
      return {
        EmailDigest: row?.email_digest === 1,
        Email: row?.email ?? '',
        EmailConfirmed: row?.email_confirmed === 1,
        RepairableNotice: row?.repairable_notice === 1,
      };
    },

    saveSettings: db.transaction((owner: string, settings: SettingsChoice, at: string) => {
      const before = settingsRow(owner);
      const repairable = settings.RepairableNotice ?? before?.repairable_notice === 1;
      settingsPut.run({
        owner,
        email: settings.Email,
        digest: settings.EmailDigest ? 1 : 0,
        repairable: repairable ? 1 : 0,
        at,
      });
      if (before && before.email !== settings.Email) unconfirm.run(owner);
    }),

    startConfirmation: db.transaction((owner: string, now: number) => {
      const row = settingsRow(owner);
      if (!row?.email) throw new Error('no address saved to confirm');
      if (row.confirm_sent_at !== null && now - row.confirm_sent_at < FOLLOW_CONFIRM_RESEND_SECONDS * 1000) {
        return 'recent' as const;
      }
      const token = randomBytes(32).toString('base64url');
      confirmationPut.run({ owner, hash: sha256(token), expires: now + FOLLOW_CONFIRM_TTL_HOURS * 3_600_000, now });
      return { token, email: row.email };
    }),

    dropConfirmation: (owner: string): void => void confirmationDrop.run(owner),

    confirmEmail: (token: string, now: number): string | null =>
      (confirm.get(sha256(token), now) as string | undefined) ?? null,

    notices(
      owner: string,
      offset: number,
      limit: number,
    ): { list: FollowNotice[]; totalCount: number; Unread: number } {
      return {
        list: (noticePage.all(owner, limit, offset) as NoticeRow[]).map(toNotice),
        totalCount: Number(noticeCount.get(owner)),
        Unread: Number(unreadCount.get(owner)),
      };
    },

    /** Marks the owner's notices read (these ids, or all); ids of other owners change nothing. */
    markRead: db.transaction((owner: string, ids: readonly number[] | 'all', at: string): number => {
      if (ids === 'all') markAllRead.run(at, owner);
      else for (const id of ids) markRead.run(at, owner, id);
      return Number(unreadCount.get(owner));
    }),

    /**
     * Sets the mark of every source that has none to its current end: called when the service
     * starts, so that what is published after the start — before the job's first run — is news,
     * and what a new database was seeded with is not.
     */
    startMarks: db.transaction((): void => {
      for (const step of sourceSteps) {
        if (markGet.get(step.source.name) === undefined) markPut.run(step.source.name, Number(step.maxId.get()));
      }
    }),

    /**
     * Turns what was published since each source's mark into notices for the followers, and moves
     * the marks — one transaction, so a crash leaves marks and notices as they were. A source seen
     * for the first time starts at its current end: a new database does not notice its seed.
     */
    scan: db.transaction((now: string, today: string): ScanResult => {
      const result: ScanResult = {};
      for (const step of sourceSteps) {
        const to = Number(step.maxId.get());
        const mark = markGet.get(step.source.name) as number | undefined;
        if (mark === undefined) {
          markPut.run(step.source.name, to);
          continue;
        }
        if (to <= mark) continue;
        result[step.source.name] = step.insert.run({ from: mark, to, today, now }).changes;
        markPut.run(step.source.name, to);
      }
      stampUnmailed.run();
      return result;
    }),

    /**
     * Claims today's digest of every owner who takes mail, has unmailed notices and has had no
     * digest today: the claim and the notices' stamp are one transaction, so two runs (or a
     * restart) never send one day's digest twice.
     */
    claimDigests: db.transaction((day: string): Digest[] => {
      const digests: Digest[] = [];
      for (const { owner, email } of digestOwners.all({ day }) as Array<{ owner: string; email: string }>) {
        const notices = unmailed.all(owner) as Array<DigestNotice & { id: number }>;
        if (notices.length === 0) continue;
        claimDigest.run(owner, day, notices.length);
        for (const notice of notices) stampNotices.run(day, owner, notice.id);
        digests.push({ owner, email, day, notices: notices.map(({ id: _id, ...rest }) => rest) });
      }
      return digests;
    }),

    digestSent: (owner: string, day: string, at: string): void => {
      digestSent.run(at, owner, day);
    },

    /** A digest that could not be sent: released, so a later run tries again. */
    digestFailed: db.transaction((owner: string, day: string): void => {
      unstamp.run(owner, day);
      digestDrop.run(owner, day);
    }),
  };
}
