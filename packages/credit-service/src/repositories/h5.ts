import { createHash, randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import {
  maskIdNumber,
  maskName,
  type H5EntityRecord,
  type H5Residence,
  type ReportRow,
  type ReportTable,
  type ReportTables,
} from '@credit-portal/shared';
import { sameText, sha256 } from '../lib/hash.js';
import { DESCRIPTION_TABLE, reportDescription, REPORT_INFO_TABLE, SUMMARY_TABLE } from '../db/h5-report.js';
import type { SiteIdentity } from '../lib/site.js';

/** A person of the H5 app. */
export interface H5Person {
  id: number;
  name: string;
  idType: string;
  idNumber: string;
  gender: string;
  birthDate: string;
  residence: H5Residence;
  localSocialInsurance: boolean;
  isDemo: boolean;
}

/** Kinds of H5 tokens: face-verification cert, alternate channel (izgtxytoken), session (Infotoken), report steps. */
export type H5TokenKind = 'cert' | 'iz' | 'info' | 'report_step' | 'report_final';

export interface H5TokenRow {
  kind: H5TokenKind;
  personId: number | null;
  certType: string;
  returnUrl: string | null;
  platform: string | null;
  expiresAt: number;
  verifiedAt: number | null;
  /** Cert tokens: base64url SHA-256 of the verifier of the browser that asked for the token. */
  codeChallenge: string | null;
  /** Cert tokens: sha256 of the one-time code issued when the face verification succeeded. */
  codeHash: string | null;
  failedAttempts: number;
  /** When the token was spent (a cert token exchanged, a report token used); null while it is not. */
  usedAt: number | null;
  /** Hash of the token this one was made from (an Infotoken's izgtxytoken, a report step's Infotoken). */
  parentHash: string | null;
}

/** What a new token remembers beside its kind, person and lifetime. */
export interface H5TokenExtra {
  certType?: string;
  returnUrl?: string | null;
  platform?: string | null;
  codeChallenge?: string | null;
  /** The token this one is made from: revoking that one revokes this one too. */
  parent?: string | null;
}

/** An entity linked to a person, as the report request needs it. */
export interface LinkedEntity {
  id: number;
  name: string;
  creditCode: string;
  position: string;
}

export interface EntityReportRequestRow {
  requestId: string;
  entityId: number;
  sentAt: string | null;
}

/** Tokens are random 256-bit values, handed out once and stored only as their SHA-256. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const newToken = (): string => randomBytes(32).toString('base64url');

const PERSON_COLUMNS = `id, name, id_type AS idType, id_number AS idNumber, gender, birth_date AS birthDate, residence,
  local_social_insurance AS localSocialInsurance, is_demo AS isDemo`;

type PersonRow = Omit<H5Person, 'localSocialInsurance' | 'isDemo'> & { localSocialInsurance: number; isDemo: number };
const toPerson = (row: PersonRow | undefined): H5Person | undefined =>
  row && { ...row, localSocialInsurance: row.localSocialInsurance === 1, isDemo: row.isDemo === 1 };

/** Two hours past expiry a token row is no longer needed even for a clear "expired" answer. */
const SWEEP_GRACE_MS = 2 * 3600_000;

/** SQL reads and writes of the H5 app: persons, tokens, linked entities, report tables and requests. */
export function createH5Repository(db: Database, site: SiteIdentity) {
  const notes = reportDescription(site);
  const personById = db.prepare(`SELECT ${PERSON_COLUMNS} FROM h5_persons WHERE id = ?`);
  const personByDocument = db.prepare(`SELECT ${PERSON_COLUMNS} FROM h5_persons WHERE id_number = ? AND name = ?`);
  const insertToken = db.prepare(
    `INSERT INTO h5_tokens (token_hash, kind, person_id, cert_type, return_url, platform, created_at, expires_at,
       verified_at, code_challenge, parent_hash)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const tokenByHash = db.prepare(
    `SELECT kind, person_id AS personId, cert_type AS certType, return_url AS returnUrl, platform,
       expires_at AS expiresAt, verified_at AS verifiedAt, code_challenge AS codeChallenge, code_hash AS codeHash,
       failed_attempts AS failedAttempts, used_at AS usedAt, parent_hash AS parentHash
     FROM h5_tokens WHERE token_hash = ?`,
  );
  // Binds a cert token once: to one person, with one code, while it is unspent and has tries left.
  const verifyToken = db.prepare(
    `UPDATE h5_tokens SET person_id = ?, verified_at = ?, code_hash = ?, expires_at = MIN(expires_at, ?)
     WHERE token_hash = ? AND kind = 'cert' AND expires_at > ? AND person_id IS NULL AND used_at IS NULL
       AND failed_attempts < ?`,
  );
  const failAttempt = db
    .prepare(
      `UPDATE h5_tokens SET failed_attempts = failed_attempts + 1
     WHERE token_hash = ? AND kind = 'cert' AND person_id IS NULL AND used_at IS NULL
     RETURNING failed_attempts`,
    )
    .pluck();
  // Spends a token: of all concurrent callers exactly one sees a row come back.
  const spendToken = db
    .prepare(
      `UPDATE h5_tokens SET used_at = ? WHERE token_hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ?
     RETURNING person_id`,
    )
    .pluck();
  const revokeTree = db.prepare(
    `WITH RECURSIVE doomed (hash) AS (
       SELECT ? UNION SELECT t.token_hash FROM h5_tokens t JOIN doomed d ON t.parent_hash = d.hash
     )
     DELETE FROM h5_tokens WHERE token_hash IN (SELECT hash FROM doomed)`,
  );
  const sweepTokens = db.prepare('DELETE FROM h5_tokens WHERE expires_at < ?');
  const mailsOfDay = db.prepare('SELECT COUNT(*) FROM h5_report_mails WHERE person_id = ? AND day = ?').pluck();
  const insertMail = db.prepare('INSERT INTO h5_report_mails (person_id, kind, day, created_at) VALUES (?, ?, ?, ?)');
  const deleteMail = db.prepare('DELETE FROM h5_report_mails WHERE id = ?');
  const entitiesOf = db.prepare(
    `SELECT pe.person_id || '-' || e.id AS RecordId, CAST(e.id AS TEXT) AS BaseId, e.name AS EntName, e.status AS EntStatus,
       e.credit_code AS SCCode, pe.position AS Position, e.setup_date AS EstDate, e.ent_type AS EntCategory,
       e.credit_code AS CertNo
     FROM h5_person_entities pe JOIN entities e ON e.id = pe.entity_id
     WHERE pe.person_id = ? ORDER BY pe.position = '法定代表人' DESC, e.setup_date DESC, e.id`,
  );
  const linkedEntity = db.prepare(
    `SELECT e.id, e.name, e.credit_code AS creditCode, pe.position FROM h5_person_entities pe
     JOIN entities e ON e.id = pe.entity_id WHERE pe.person_id = ? AND e.id = ?`,
  );
  const configRows = db.prepare(
    `SELECT source_table_en_name AS SourceTableENName, version_code AS VersionCode, sort_name AS SortName,
       source_table_name AS SourceTableName, sort_grade AS SortGrade, display_mode AS DisplayMode
     FROM h5_report_config WHERE version_code = ? ORDER BY sort_order`,
  );
  const dataRows = db.prepare(
    'SELECT table_name AS tableName, data FROM h5_report_rows WHERE person_id = ? ORDER BY table_name, row_no',
  );
  const reportByNumber = db.prepare(
    'SELECT report_number AS reportNumber, query_date AS queryDate FROM h5_reports WHERE report_number = ? AND person_id = ?',
  );
  const reportsOfDay = db.prepare('SELECT COUNT(*) FROM h5_reports WHERE query_date = ?').pluck();
  const insertReport = db.prepare(
    'INSERT INTO h5_reports (report_number, person_id, query_date, created_at) VALUES (?, ?, ?, ?)',
  );
  const insertRequest = db.prepare(
    `INSERT INTO h5_entity_report_requests (request_id, person_id, entity_id, version_code, infotoken_hash, cert_no,
       inquiry_mode, created_at) VALUES (?, ?, ?, 'G', ?, ?, ?, ?)`,
  );
  const latestRequest = db.prepare(
    `SELECT request_id AS requestId, entity_id AS entityId, sent_at AS sentAt FROM h5_entity_report_requests
     WHERE person_id = ? AND entity_id = ? AND infotoken_hash = ? ORDER BY id DESC LIMIT 1`,
  );
  const markSent = db.prepare(
    'UPDATE h5_entity_report_requests SET sent_at = ?, sent_to = ?, report_number = ? WHERE request_id = ?',
  );
  const insertVisit = db.prepare('INSERT INTO h5_channel_visits (platform, remark, created_at) VALUES (?, ?, ?)');
  const secretGet = db.prepare('SELECT value FROM service_secrets WHERE name = ?').pluck();
  const secretPut = db.prepare('INSERT OR IGNORE INTO service_secrets (name, value, created_at) VALUES (?, ?, ?)');

  const tokenRow = (kind: H5TokenKind, token: string): H5TokenRow | undefined => {
    const row = tokenByHash.get(hashToken(token)) as H5TokenRow | undefined;
    return row?.kind === kind ? row : undefined;
  };

  const revokeSession = db.transaction((infotoken: string): boolean => {
    const row = tokenRow('info', infotoken);
    if (!row) return false;
    const parent = row.parentHash ? (tokenByHash.get(row.parentHash) as H5TokenRow | undefined) : undefined;
    revokeTree.run(parent?.kind === 'iz' ? row.parentHash : hashToken(infotoken));
    return row.expiresAt > Date.now();
  });
  const reserveMail = db.transaction(
    (personId: number, kind: 'personal' | 'entity', day: string, limit: number): number | undefined => {
      if ((mailsOfDay.get(personId, day) as number) >= limit) return undefined;
      return Number(insertMail.run(personId, kind, day, new Date().toISOString()).lastInsertRowid);
    },
  );

  return {
    person: (id: number): H5Person | undefined => toPerson(personById.get(id) as PersonRow | undefined),
    /** The person holding this document number under this name (both must match). */
    personByDocument: (name: string, idNumber: string): H5Person | undefined =>
      toPerson(personByDocument.get(idNumber.trim().toUpperCase(), name.trim()) as PersonRow | undefined),

    /** Issues a token of `kind`; returns the token itself (only its hash is kept). */
    issueToken(kind: H5TokenKind, personId: number | null, ttlMs: number, extra: H5TokenExtra = {}): string {
      const now = Date.now();
      sweepTokens.run(now - SWEEP_GRACE_MS);
      const token = newToken();
      insertToken.run(
        hashToken(token),
        kind,
        personId,
        extra.certType ?? '',
        extra.returnUrl ?? null,
        extra.platform ?? null,
        now,
        now + ttlMs,
        kind === 'cert' ? null : now,
        extra.codeChallenge ?? null,
        extra.parent ? hashToken(extra.parent) : null,
      );
      return token;
    },
    /** The token's row when it is of `kind` (expired and spent ones included: the caller tells them apart). */
    token: tokenRow,
    /**
     * Binds a cert token to the person the face verification confirmed and returns the one-time
     * code the person is sent back with (only its hash is kept); the code lives `codeTtlMs` at
     * most. undefined when the token is unknown, expired, spent, already bound or out of tries.
     */
    verifyCertToken(token: string, personId: number, codeTtlMs: number, maxFailures: number): string | undefined {
      const code = newToken();
      const now = Date.now();
      const bound = verifyToken.run(personId, now, sha256(code), now + codeTtlMs, hashToken(token), now, maxFailures);
      return bound.changes === 1 ? code : undefined;
    },
    /** Counts a failed face verification of an unbound cert token; the failures so far (undefined: no such token). */
    failCertAttempt: (token: string): number | undefined => failAttempt.get(hashToken(token)) as number | undefined,
    /**
     * The person of a verified cert token, when `code` is the one its verification issued and
     * `verifier` the one its challenge was made from; the token is spent either way (a wrong code
     * or verifier ends it too), and of concurrent exchanges exactly one succeeds.
     */
    exchangeCertToken(token: string, code: string, verifier: string): number | undefined {
      const now = Date.now();
      const row = tokenRow('cert', token);
      if (!row || row.usedAt !== null || row.expiresAt <= now) return undefined;
      const spent = spendToken.get(now, hashToken(token), 'cert', now) as number | null | undefined;
      if (spent === undefined) return undefined;
      const matches =
        row.personId !== null &&
        row.codeHash !== null &&
        row.codeChallenge !== null &&
        sameText(sha256(code), row.codeHash) &&
        sameText(sha256(verifier), row.codeChallenge);
      return matches ? row.personId! : undefined;
    },
    /** Spends a report token of `kind`: its person the first time, undefined ever after (or when expired). */
    spendToken(kind: H5TokenKind, token: string): number | undefined {
      const now = Date.now();
      const personId = spendToken.get(now, hashToken(token), kind, now) as number | null | undefined;
      return personId ?? undefined;
    },
    /**
     * 退出: deletes the Infotoken, every token made from it, and — when it came from an
     * alternate-channel token — that token and everything made from it. False when it was not live.
     */
    revokeSession: (infotoken: string): boolean => revokeSession(infotoken),

    /**
     * Counts a report e-mail of the person against the day's limit: its id when within it (give it
     * back with releaseMail when the mail could not be sent), undefined when the limit is reached.
     */
    reserveMail: (personId: number, kind: 'personal' | 'entity', day: string, limit: number): number | undefined =>
      reserveMail(personId, kind, day, limit),
    releaseMail(id: number): void {
      deleteMail.run(id);
    },

    entities: (personId: number): H5EntityRecord[] => entitiesOf.all(personId) as H5EntityRecord[],
    linkedEntity: (personId: number, entityId: number): LinkedEntity | undefined =>
      linkedEntity.get(personId, entityId) as LinkedEntity | undefined,

    /** The report of `reportNumber` of this person, or a new one numbered for `today`. */
    report(
      personId: number,
      reportNumber: string,
      today: string,
    ): { reportNumber: string; queryDate: string } | undefined {
      if (reportNumber) {
        return reportByNumber.get(reportNumber, personId) as { reportNumber: string; queryDate: string } | undefined;
      }
      return db.transaction(() => {
        const serial = (reportsOfDay.get(today) as number) + 1;
        const number = `GRXY${today.replaceAll('-', '')}${String(serial).padStart(6, '0')}`;
        insertReport.run(number, personId, today, new Date().toISOString());
        return { reportNumber: number, queryDate: today };
      })();
    },

    /** The report's tables (spec §3): config, report number, the data tables, description, summary. */
    reportTables(person: H5Person, report: { reportNumber: string; queryDate: string }, version: string): ReportTables {
      const config = configRows.all(version) as ReportRow[];
      const byTable = new Map<string, ReportRow[]>();
      for (const { tableName, data } of dataRows.all(person.id) as Array<{ tableName: string; data: string }>) {
        const rows = byTable.get(tableName) ?? [];
        rows.push(JSON.parse(data) as ReportRow);
        byTable.set(tableName, rows);
      }
      const info: ReportTable = {
        TableName: REPORT_INFO_TABLE,
        Rows: [
          {
            ReportNumber: report.reportNumber,
            QueryDate: report.queryDate,
            姓名: maskName(person.name),
            证件类型: person.idType,
            证件号码: maskIdNumber(person.idNumber),
          },
        ],
      };
      const items = config.filter((row) => row.SortGrade === 'III');
      const data: ReportTable[] = items.map((row) => ({
        TableName: String(row.SourceTableENName),
        Rows: byTable.get(String(row.SourceTableENName)) ?? [],
      }));
      const summary: ReportTable = {
        TableName: SUMMARY_TABLE,
        Rows: items.map((row) => ({
          信息类别: String(row.SourceTableName),
          记录条数: byTable.get(String(row.SourceTableENName))?.length ?? 0,
        })),
      };
      const description: ReportTable = {
        TableName: DESCRIPTION_TABLE,
        Rows: notes.map((text, i) => ({ 序号: i + 1, 说明: text })),
      };
      return { Tables: [{ TableName: 'config', Rows: config }, info, ...data, description, summary] };
    },

    recordEntityRequest(input: {
      personId: number;
      entityId: number;
      infotoken: string;
      certNo: string;
      inquiryMode: string;
    }): string {
      const requestId = `QYBG${Date.now()}${randomBytes(3).toString('hex').toUpperCase()}`;
      insertRequest.run(
        requestId,
        input.personId,
        input.entityId,
        hashToken(input.infotoken),
        input.certNo,
        input.inquiryMode,
        new Date().toISOString(),
      );
      return requestId;
    },
    /** The latest request of this session for this entity. */
    latestEntityRequest: (personId: number, entityId: number, infotoken: string): EntityReportRequestRow | undefined =>
      latestRequest.get(personId, entityId, hashToken(infotoken)) as EntityReportRequestRow | undefined,
    markEntityRequestSent(requestId: string, maskedEmail: string, reportNumber: string): void {
      markSent.run(new Date().toISOString(), maskedEmail, reportNumber, requestId);
    },

    recordChannel(platform: string, remark: string): void {
      insertVisit.run(platform, remark, new Date().toISOString());
    },

    /** A service secret, created by `make` the first time (kept in the database across restarts). */
    secret(name: string, make: (() => string) | string): string {
      const existing = secretGet.get(name) as string | undefined;
      if (existing !== undefined) return existing;
      secretPut.run(name, typeof make === 'string' ? make : make(), new Date().toISOString());
      // INSERT OR IGNORE: when two were made at once, the first one stored wins for both.
      return secretGet.get(name) as string;
    },
    /** A service secret when it exists. */
    storedSecret: (name: string): string | undefined => secretGet.get(name) as string | undefined,
  };
}

export type H5Repository = ReturnType<typeof createH5Repository>;
