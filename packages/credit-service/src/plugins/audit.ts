import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AuditWriter,
  auditDigests,
  auditPseudonymizer,
  nodeAuditStorage,
  openAuditTrail,
  readAuditRecords,
  seriesName,
  streamOf,
  type AuditEntry,
  type AuditEvent,
  type AuditRecord,
  type AuditResult,
  type AuditStorage,
  type AuditStream,
} from '@credit-portal/node-common';
import { ServiceUnavailableError } from '../lib/errors.js';
import { createAccountRepository, type Subject } from '../repositories/account.js';
import { AUDIT_KEY_SECRET, createAnchorStore } from '../audit/anchor-store.js';
import { CREDIT_SERVICE_WRITER, REVIEW_CLI_WRITER } from '../audit/writers.js';
import type { ServiceMetrics } from '../metrics/service-metrics.js';

/*
 * The audit trail (docs/AUDIT.md), registered once after the database. A route takes
 * part by naming its event — `config: { audit: 'account.login' }` — and, where the framework
 * cannot know them, telling who and whose data with `app.audit.note(request, …)`. One record per
 * request is written when the answer is about to leave (onSend): success for a 2xx/3xx, failure
 * with a reason code otherwise (or what the route noted). The answer waits until its record is
 * durable, so whatever a client was told is on disk.
 *
 * If a record cannot be written: an access to personal data (the `access` stream) is refused —
 * 503, the data withheld, as GB/T 22239 8.1.4.3 asks of an audit that must not be interrupted —
 * and any other action goes on; either way the record goes to the request log at error level
 * (it holds no personal data), so it is not lost.
 */

/** What a route tells the audit about its request. */
export interface AuditNote {
  actor?: string;
  subject?: string | null;
  result?: AuditResult;
  reason?: string | null;
  details?: Record<string, unknown>;
}

export interface AuditPluginOptions {
  dataDir: string;
  /** AUDIT_DIR (default DATA_DIR/audit). */
  dir?: string;
  /** AUDIT_KEY; unset: a random key kept in the database (service_secrets, audit-key). */
  key?: string;
  retentionDays: Record<AuditStream, number>;
  anchorIntervalSeconds: number;
  /** The start-up record's details: setting names and non-secret values. */
  startup: Record<string, unknown>;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Where the appends are measured (app.metrics); unset: not measured. */
  metrics?: Pick<ServiceMetrics, 'auditWriteDuration' | 'auditWriteFailures'>;
}

/** Whether the audit files take records, and since when they have not. */
export interface AuditStatus {
  writing: boolean;
  /** ISO 8601: the first failed append after the last good one; null while writing. */
  failingSince: string | null;
}

/** Answered when an access to personal data cannot be recorded. */
export const AUDIT_UNAVAILABLE = '审计记录暂时无法写入，为保护个人信息，本次查询未执行，请稍后再试';

const REASONS: Readonly<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  429: 'rate_limited',
  503: 'service_unavailable',
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The audited event this route's requests are (plugins/audit.ts). */
    audit?: AuditEvent;
  }
  interface FastifyInstance {
    /** The audit trail: notes, direct records and keyed hashes of identifiers. */
    audit: Audit;
  }
}

/**
 * The storage as the writer uses it: every append (a batch of records and its fdatasync) timed and
 * its failure counted, and the time the failures began kept. It calls the files' own methods at
 * each use, so a test that makes `app.audit.storage.append` fail is measured too.
 */
function watchedStorage(files: AuditStorage, metrics: AuditPluginOptions['metrics']) {
  let failingSince: Date | null = null;
  const storage: AuditStorage = {
    list: () => files.list(),
    read: (name) => files.read(name),
    async append(name, text) {
      const stop = metrics?.auditWriteDuration.startTimer();
      try {
        await files.append(name, text);
        failingSince = null;
      } catch (error) {
        metrics?.auditWriteFailures.inc();
        failingSince ??= new Date();
        throw error;
      } finally {
        stop?.();
      }
    },
    truncate: (name, size) => files.truncate(name, size),
    size: (name) => files.size(name),
    remove: (name) => files.remove(name),
    close: () => files.close(),
  };
  return { files, storage, failingSince: () => failingSince };
}

function createAudit(
  writer: AuditWriter,
  storage: AuditStorage,
  pseudonym: (kind: string, value: string) => string,
  dir: string,
  failingSince: () => Date | null,
) {
  const notes = new WeakMap<FastifyRequest, AuditNote>();
  const recorded = new WeakSet<FastifyRequest>();
  return {
    writer,
    /** The files the writer appends to (tests make its appends fail). */
    storage,
    dir,
    /** Adds to what the request's record will say (the last value of each field wins). */
    note(request: FastifyRequest, note: AuditNote): void {
      const before = notes.get(request) ?? {};
      notes.set(request, { ...before, ...note, details: { ...before.details, ...note.details } });
    },
    noteOf: (request: FastifyRequest): AuditNote | undefined => notes.get(request),
    /** Marks the request's record as written (so the hook writes it once, even for an error answer). */
    claim(request: FastifyRequest): boolean {
      if (recorded.has(request)) return false;
      recorded.add(request);
      return true;
    },
    /** Whether records are being written (the admin listener's readiness). */
    status(): AuditStatus {
      const since = writer.healthy ? null : failingSince();
      return { writing: writer.healthy, failingSince: since?.toISOString() ?? null };
    },
    /** Writes a record that is not one request's (start-up, a job); resolves once durable. */
    record: (entry: AuditEntry): Promise<void> => writer.write(entry),
    /**
     * Writes a record of a request whose route is not one event (a poll that sometimes hands out a
     * login, a page that sometimes decides): success unless noted; resolves once durable.
     */
    recordFor(request: FastifyRequest, event: AuditEvent, note: AuditNote): Promise<void> {
      return writer.write({
        event,
        result: note.result ?? 'success',
        reason: note.reason ?? null,
        actor: note.actor ?? 'anonymous',
        subject: note.subject ?? null,
        ip: request.ip,
        requestId: request.id,
        details: note.details ?? {},
      });
    },
    /** `person:<keyed hash of the ID number>`. */
    person: (idNumber: string): string => pseudonym('person', idNumber.trim().toUpperCase()),
    /** `mobile:<keyed hash>`: who tried a number that may not be an account. */
    mobile: (mobile: string): string => pseudonym('mobile', mobile),
    /** `input:<keyed hash>`: text an unauthenticated request names (an application number, say), never in clear. */
    input: (value: string): string => pseudonym('input', value),
    /** `email:<keyed hash>` of an address (case-folded): 信用关注's digest address. */
    email: (address: string): string => pseudonym('email', address.trim().toLowerCase()),
    /**
     * The keyed reference a closed account's kept records move to (consents, filings, promises):
     * the evidence stays, the link to the person goes; whoever holds the audit key and the
     * account's id can find them again (a court's or the person's lawful request).
     */
    closedAccount: (userId: number): string => pseudonym('closed', `user:${userId}`),
    /** `wechat:<keyed hash>` of a chat-app identity (as a login by it is recorded). */
    wechat: (openId: string): string => pseudonym('wechat', openId),
    /** The actor of a portal login: its account, or a keyed hash of an unbound chat-app identity. */
    account(subject: Subject): string {
      if (subject.user) return `account:${subject.user.id}`;
      return subject.wechat ? pseudonym('wechat', subject.wechat.openId) : 'anonymous';
    },
    /**
     * The records of some applications (filing and every decision, by the service and the
     * review command line) from a day on, by application number.
     */
    async history(applyNos: readonly string[], sinceDay: string): Promise<Map<string, AuditRecord[]>> {
      const wanted = new Map(applyNos.map((no) => [`application:${no}`, no]));
      const out = new Map<string, AuditRecord[]>(applyNos.map((no) => [no, []]));
      if (applyNos.length === 0) return out;
      await writer.flushed();
      const records = await readAuditRecords(
        storage,
        [seriesName(writer.service, 'security'), seriesName(REVIEW_CLI_WRITER, 'security')],
        sinceDay,
        (r) => r.subject !== null && wanted.has(r.subject),
      );
      for (const record of records) out.get(wanted.get(record.subject!)!)!.push(record);
      return out;
    },
    /**
     * The records of this service (and of the review command line) from a day on whose actor or
     * subject is one of `refs`, oldest first: what a person's 我的数据 shows of the trail.
     */
    async concerning(refs: readonly string[], sinceDay: string): Promise<AuditRecord[]> {
      const wanted = new Set(refs);
      await writer.flushed();
      return readAuditRecords(
        storage,
        [
          seriesName(writer.service, 'security'),
          seriesName(writer.service, 'access'),
          seriesName(REVIEW_CLI_WRITER, 'security'),
        ],
        sinceDay,
        (r) => wanted.has(r.actor) || (r.subject !== null && wanted.has(r.subject)),
      );
    },
  };
}

/** What app.audit offers. */
export type Audit = ReturnType<typeof createAudit>;

/** The record of a request, from its route's event, its answer and what the route noted. */
function entryOf(
  event: AuditEvent,
  request: FastifyRequest,
  reply: FastifyReply,
  note: AuditNote,
  actor: string | undefined,
): AuditEntry {
  const result = note.result ?? (reply.statusCode >= 400 ? 'failure' : 'success');
  const reason =
    note.reason !== undefined
      ? note.reason
      : result === 'failure'
        ? (REASONS[reply.statusCode] ?? `http_${reply.statusCode}`)
        : null;
  return {
    event,
    result,
    reason,
    actor: note.actor ?? actor ?? 'anonymous',
    subject: note.subject ?? null,
    ip: request.ip,
    requestId: request.id,
    details: note.details ?? {},
  };
}

/** Registered once, after the database and auth: app.audit and the one hook that writes route records. */
export default fp<AuditPluginOptions>(
  async (app, options) => {
    const dir = path.resolve(options.dir ?? path.join(options.dataDir, 'audit'));
    const accounts = createAccountRepository(app.db);
    let key = options.key;
    if (!key) {
      key = accounts.secret(AUDIT_KEY_SECRET);
      app.log.info('AUDIT_KEY not set: the audit trail uses a random key kept in the database (service_secrets)');
    }
    const anchors = createAnchorStore(app.db);
    // Opened within the trail's start-up check: a directory that cannot be made fails it too.
    let watched: ReturnType<typeof watchedStorage> | undefined;
    const writer = await openAuditTrail(app, {
      async open() {
        watched = watchedStorage(await nodeAuditStorage(dir), options.metrics);
        return AuditWriter.open({
          service: CREDIT_SERVICE_WRITER,
          storage: watched.storage,
          digests: auditDigests(key),
          now: options.now,
          onAnchor: (anchor) => anchors.put(anchor),
          heads: anchors,
        });
      },
      dir,
      startup: options.startup,
      retentionDays: options.retentionDays,
      anchorIntervalSeconds: options.anchorIntervalSeconds,
    });
    const { files, failingSince } = watched!;
    const audit = createAudit(writer, files, auditPseudonymizer(key), dir, failingSince);
    app.decorate('audit', audit);

    // Personal data is not served while its access cannot be recorded: checked before the route runs
    // (an e-mail, once sent, cannot be withheld), by writing an anchor when the last write failed.
    app.addHook('onRequest', async (request) => {
      const event = request.routeOptions.config?.audit;
      if (!event || streamOf(event) !== 'access' || writer.healthy) return;
      await writer.anchor('interval', true).catch(() => undefined);
      if (writer.healthy) return;
      // Its record cannot be written either: it goes to the request log, once.
      audit.claim(request);
      const entry = { event, result: 'failure', reason: 'audit_unavailable', ip: request.ip, requestId: request.id };
      request.log.error({ audit: entry }, 'AUDIT RECORD NOT WRITTEN');
      throw new ServiceUnavailableError(AUDIT_UNAVAILABLE);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const event = request.routeOptions.config?.audit;
      if (!event || !audit.claim(request)) return payload;
      let actor: string | undefined;
      try {
        actor = audit.account(app.auth.session(request).subject);
      } catch {
        // no login on this request
      }
      const entry = entryOf(event, request, reply, audit.noteOf(request) ?? {}, actor);
      try {
        await writer.write(entry);
      } catch (error) {
        request.log.error({ err: error, audit: entry }, 'AUDIT RECORD NOT WRITTEN');
        if (streamOf(event) === 'access') {
          // The data stays here: the error handler answers 503 in the route's dialect instead.
          reply.removeHeader('content-disposition');
          reply.removeHeader('content-type');
          throw new ServiceUnavailableError(AUDIT_UNAVAILABLE);
        }
      }
      return payload;
    });
  },
  { name: 'audit', dependencies: ['db', 'auth'] },
);
