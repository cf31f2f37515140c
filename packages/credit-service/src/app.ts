import path from 'node:path';
import {
  AUDIT_RETENTION_FLOOR_DAYS,
  DEFAULT_AUDIT_ANCHOR_INTERVAL_SECONDS,
  JSON_LIMITS,
  type AuditSettings,
} from '@credit-portal/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import adminPlugin from './admin/listener.js';
import { incomingDir, removeStaleParts } from './applications/uploads.js';
import { DEFAULT_SEED, DEFAULT_SEED_ENTITIES } from './db/dataset.js';
import { DATABASE_FILE } from './db/open.js';
import connectionsPlugin from './plugins/connections.js';
import controlsPlugin from './plugins/controls.js';
import dbPlugin from './plugins/db.js';
import entitySearchPlugin from './plugins/entity-search.js';
import errorHandlerPlugin from './plugins/error-handler.js';
import jsonBodyPlugin from './plugins/json-body.js';
import metricsPlugin from './plugins/metrics.js';
import rateLimitsPlugin, { DEFAULT_RATE_LIMITS, type RateLimitSettings } from './plugins/rate-limits.js';
import securityHeadersPlugin from './plugins/security-headers.js';
import swaggerPlugin from './plugins/external/swagger.js';
import accountRoutes from './routes/account/index.js';
import authPlugin, { DEFAULT_SESSION_IDLE_SECONDS, DEFAULT_TOKEN_TTL_SECONDS } from './plugins/auth.js';
import auditPlugin from './plugins/audit.js';
import { startupSettings } from './audit/startup.js';
import contentRoutes from './routes/content/index.js';
import controlRoutes from './routes/control/index.js';
import entityRoutes from './routes/entity/index.js';
import annualReportRoutes from './routes/annual-reports/index.js';
import articleSearchRoutes from './routes/article-search/index.js';
import guideRoutes from './routes/guides/index.js';
import healthRoutes from './routes/health/index.js';
import interactionRoutes from './routes/interaction/index.js';
import lendingRoutes from './routes/lending/index.js';
import mediaRoutes from './routes/media/index.js';
import publicityRoutes from './routes/publicity/index.js';
import disclosureRoutes from './routes/disclosure/index.js';
import districtRoutes from './routes/district/index.js';
import hetaoRoutes from './routes/hetao/index.js';
import visitLogRoutes from './routes/visit-log/index.js';
import publicitySearchRoutes from './routes/credit-lists/publicity-search.js';
import promiseRoutes from './routes/credit-lists/promises.js';
import servicesRoutes from './routes/services/index.js';
import openDataRoutes, { DEFAULT_OPEN_DATA_CRON, DEFAULT_OPEN_DATA_RETENTION_DAYS } from './routes/open-data/index.js';
import { warnOfLoopbackPortal } from './reports/portal-address.js';
import { createReportService } from './reports/report-service.js';
import { createReportSigner, loadSigningKey } from './signing/report-signer.js';
import { createSignatureChecker, type SignatureCheckerOptions } from './signing/signature-checker.js';
import h5Routes, {
  DEFAULT_H5_TOKEN_TTL_SECONDS,
  FACE_VERIFY_PATH,
  type EntityReportRenderer,
} from './routes/h5/index.js';
import { createMailer, DEFAULT_MAIL_FROM, OUTBOX_DIR } from './mail/mailer.js';
import outboxRoutes, { OUTBOX_PATH } from './mail/outbox-routes.js';
import { loggerOptionsFor, type LoggerSetting } from './lib/logging.js';
import type { ScryptParams } from './lib/passwords.js';
import { createSmsSender } from './sms/sender.js';
import wechatAuthorizeRoutes, { WECHAT_AUTHORIZE_PATH } from './routes/demo/wechat-authorize.js';
import { CITY } from './lib/place.js';
import followRoutes from './routes/follow/index.js';
import { createFollowRepository } from './repositories/follow.js';
import { createFollowJob } from './follow/job.js';
import { createBackupJob } from './backup/job.js';
import { newestBackupTimes } from './backup/sets.js';
import type { BackupSettings } from './backup/settings.js';

export { CONTROL_PATHS } from './routes/control/index.js';
export { HEALTH_PATH } from './routes/health/index.js';
export { CONTROL_PREFIX, INVALID_BODY, type FaultRequest, type FaultRule } from './plugins/controls.js';
export type { VisitLogSummary } from './repositories/visit-log.js';
export { DATABASE_FILE } from './db/open.js';
export { DEFAULT_SEED, DEFAULT_SEED_ENTITIES } from './db/dataset.js';
export { FACE_VERIFY_PATH } from './routes/h5/index.js';
export { OUTBOX_PATH } from './mail/outbox-routes.js';
export { DEFAULT_RATE_LIMITS, type RateLimitSettings } from './plugins/rate-limits.js';
export { WECHAT_AUTHORIZE_PATH } from './routes/demo/wechat-authorize.js';
export { listOutbox, OUTBOX_DIR, type OutboxEntry } from './mail/mailer.js';
export { SCRYPT_PARAMS, type ScryptParams } from './lib/passwords.js';
export { DEFAULT_SEARCH_WORKERS } from './plugins/entity-search.js';

/** How to build the credit-service. */
export interface CreditServiceConfig {
  /** Directory of the SQLite database (credit.sqlite), created and seeded when new. */
  dataDir: string;
  /** PRNG seed of a new database's data set (default DEFAULT_SEED). */
  seed?: number;
  /** Entities in a new database (default 5000); licences and penalties scale with them. */
  seedEntities?: number;
  /**
   * The day (yyyy-mm-dd) a new database's dates count back from (licences, penalties, lists,
   * applications, H5 reports); default: the day it is created, so a demo started later is still current.
   */
  seedAsOf?: string;
  /** Logging: false (default), true (info), or a level and a destination; always redacted (lib/logging.ts). */
  logger?: LoggerSetting;
  /** Registers the /__control test endpoints (request counts, fault injection, visit-log inspection). */
  controls?: boolean;
  /** Base URL of the older site, for content that links there. */
  oldSiteUrl?: string;
  /** HS256 secret of login tokens (at least 32 characters); unset: a random secret kept in the database. */
  jwtSecret?: string;
  /** Lifetime of a login session and its tokens, seconds (default two hours). */
  tokenTtlSeconds?: number;
  /** A login session unused for longer than this ends, seconds (SESSION_IDLE_SECONDS; default 1800). */
  sessionIdleSeconds?: number;
  /** The portal's address, which the old-site pages (/oldsite/*) link back to. */
  portalUrl?: string;
  /** HMAC-SHA256 key of the credit reports issued before SM2; unset: a random key kept in the database. */
  reportSigningKey?: string;
  /**
   * The centre's SM2 report-signing key, a PEM file (REPORT_SIGNING_KEY_FILE); unset: a demo key
   * generated once into dataDir, announced with a warning (env.ts refuses that in production).
   */
  reportSigningKeyFile?: string;
  /** The content of reportSigningKeyFile when the caller read it already (server.ts, before dropping root). */
  reportSigningKeyPem?: string;
  /** The H5 app's hidden test login (H5_TEST_MODE); default off. */
  h5TestMode?: boolean;
  /** Lifetime of the H5 cert tokens, izgtxytokens and Infotokens, seconds (default 1800). */
  h5TokenTtlSeconds?: number;
  /** SMTP server of outgoing mail (smtp:// or smtps://); unset: DATA_DIR/outbox, listed at /outbox. */
  smtpUrl?: string;
  /** From header of outgoing mail. */
  mailFrom?: string;
  /** Renders an entity's credit report for the H5 app's mail (default: the enterprise credit report). */
  entityReport?: EntityReportRenderer;
  /** Addresses or CIDR ranges whose X-Forwarded-For is believed (the gateways); default loopback only. */
  trustedProxies?: string[];
  /**
   * The demo stand-ins of the centre's external services: face verification, the chat app's
   * authorization page and the SMS sender (codes written to the outbox). Default off: server.ts
   * turns them on for a loopback bind only (DEMO_STANDINS).
   */
  demo?: boolean;
  /** The /outbox page listing what the outbox holds (mails without SMTP_URL, demo SMS); default off, never on a public bind. */
  outboxPage?: boolean;
  /**
   * Per-client limits of the sensitive routes (plugins/rate-limits.ts: logins, codes, tokens,
   * reports, the reviewers' logins, the stand-ins' forms); default DEFAULT_RATE_LIMITS (60 and 600 a minute).
   */
  rateLimits?: RateLimitSettings;
  /** The SMS gateway registration codes are POSTed to as JSON (SMS_WEBHOOK_URL); unset: the demo outbox, or no SMS. */
  smsWebhookUrl?: string;
  /** Bearer token sent to the SMS gateway (SMS_WEBHOOK_TOKEN). */
  smsWebhookToken?: string;
  /**
   * scrypt cost of new and re-hashed passwords; default SCRYPT_PARAMS (OWASP: N=2^17, r=8, p=1).
   * Not an environment setting: test builds lower it to keep their many logins quick.
   */
  passwordHashing?: ScryptParams;
  /** The audit trail (plugins/audit.ts, docs/AUDIT.md): AUDIT_DIR (default DATA_DIR/audit), AUDIT_KEY, retention, anchoring. */
  audit?: Partial<AuditSettings> & { now?: () => Date };
  /**
   * Open data: days of files kept (OPEN_DATA_RETENTION_DAYS, default 7), the daily job's
   * cron pattern (OPEN_DATA_CRON, default 00:05; null: no schedule), and the clock (tests).
   */
  openData?: { retentionDays?: number; cron?: string | null; now?: () => Date };
  /**
   * 信用关注's job: a cron pattern (croner; FOLLOW_JOB_SCHEDULE, server.ts default every
   * minute); unset: no schedule — tests run it with app.followJob.run().
   */
  followSchedule?: string;
  /**
   * Entity search worker threads, each on a read-only connection (plugins/entity-search.ts;
   * SEARCH_WORKERS, server.ts default DEFAULT_SEARCH_WORKERS); 0 (default): searches run on the
   * main thread's connection, one at a time.
   */
  searchWorkers?: number;
  /**
   * Uploaded reports' signatures checked on worker threads, each file within a time budget
   * (signing/signature-checker.ts); default threads 0: on the main thread, without a budget.
   */
  signatureCheck?: SignatureCheckerOptions;
  /** Scheduled backups (src/backup, README "Backups and restore"); unset or dir null: none. */
  backup?: BackupSettings;
}

/** Where content that lives on the older site points when OLD_SITE_URL is not set (a reserved example domain, RFC 2606). */
export const DEFAULT_OLD_SITE_URL = 'https://old.xyyz.example';

/** Where the old-site pages send people back to when PORTAL_URL is not set (the gateway's default address; server.ts follows GATEWAY_PORT). */
export const DEFAULT_PORTAL_URL = 'http://localhost:8080/';

/** Largest request body: a full visit-log batch (message up to 1,000,000 characters) plus its wrapper. */
const BODY_LIMIT = 2 * 1024 * 1024;

/**
 * Builds the credit-service: the reference implementation of the centre's CMS and credit data
 * API on SQLite. The database opens (and is seeded if new) before this resolves and closes
 * with the app.
 */
export async function buildApp(config: CreditServiceConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptionsFor(config.logger),
    bodyLimit: BODY_LIMIT,
    // request.ip: the gateway's X-Forwarded-For is believed from the configured addresses only.
    trustProxy: config.trustedProxies ?? ['loopback'],
    // Start-up work (migrations, a new database's seed, the search threads' first search, the
    // signing key) takes what the host gives it: Fastify's 10 s default failed starts on a busy
    // host (load 17-38). A start that hangs is for the orchestrator's health check to end.
    pluginTimeout: 0,
  });
  const demo = config.demo ?? false;
  if (!demo) app.log.info('demo stand-ins are off (DEMO_STANDINS): the centre’s own services are used');
  if (demo) {
    app.log.warn(
      {
        faceVerify: FACE_VERIFY_PATH,
        wechatAuthorize: WECHAT_AUTHORIZE_PATH,
        sms: config.smsWebhookUrl ? 'webhook' : 'outbox',
        outbox: config.outboxPage ? OUTBOX_PATH : null,
      },
      'demo stand-ins are on (face verification, chat-app authorization, SMS to the outbox): for a laptop or a test bench, never for real residents',
    );
  }
  const routeOptions = { oldSiteUrl: config.oldSiteUrl ?? DEFAULT_OLD_SITE_URL };

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(jsonBodyPlugin, { limits: JSON_LIMITS });
  await app.register(swaggerPlugin);
  await app.register(connectionsPlugin);
  // app.metrics, handed to the parts below, and the admin listener that reports them (server.ts
  // makes it listen): first, so that its /readyz answers 503 as soon as the app starts closing.
  await app.register(metricsPlugin, { databaseFile: path.join(path.resolve(config.dataDir), DATABASE_FILE) });
  await app.register(adminPlugin);
  // Before every route, so that each request is counted and faulted first.
  if (config.controls) await app.register(controlsPlugin);
  // Before every route: it gives the routes of its table their limits as they are added.
  await app.register(rateLimitsPlugin, { limits: config.rateLimits ?? DEFAULT_RATE_LIMITS });
  await app.register(dbPlugin, {
    dataDir: path.resolve(config.dataDir),
    seed: config.seed ?? DEFAULT_SEED,
    seedEntities: config.seedEntities ?? DEFAULT_SEED_ENTITIES,
    seedAsOf: config.seedAsOf,
    lockDemoAccounts: !demo,
  });
  // After the database (migrations, seed, and the search keys it computes first), before the routes.
  await app.register(entitySearchPlugin, { workers: config.searchWorkers ?? 0, metrics: app.metrics });

  // Uploads a stopped process left half-done (written, never moved into place): removed at start.
  const staleParts = removeStaleParts(incomingDir(path.resolve(config.dataDir)));
  if (staleParts > 0) app.log.info({ removed: staleParts }, 'removed temporary files of interrupted uploads');

  const outboxDir = path.join(path.resolve(config.dataDir), OUTBOX_DIR);
  const sms = createSmsSender({
    webhookUrl: config.smsWebhookUrl,
    webhookToken: config.smsWebhookToken,
    demo,
    outboxDir,
    metrics: app.metrics,
  });
  // Login is checked in one place: app.auth, for every route plugin below.
  await app.register(authPlugin, {
    jwtSecret: config.jwtSecret,
    tokenTtlSeconds: config.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS,
    sessionIdleSeconds: config.sessionIdleSeconds ?? DEFAULT_SESSION_IDLE_SECONDS,
    passwordParams: config.passwordHashing,
    sms,
    siteName: CITY.siteName,
  });
  // The audit trail: after auth (its records name the login), before every audited route.
  await app.register(auditPlugin, {
    dataDir: path.resolve(config.dataDir),
    dir: config.audit?.dir,
    key: config.audit?.key ?? undefined,
    retentionDays: config.audit?.retentionDays ?? AUDIT_RETENTION_FLOOR_DAYS,
    anchorIntervalSeconds: config.audit?.anchorIntervalSeconds ?? DEFAULT_AUDIT_ANCHOR_INTERVAL_SECONDS,
    startup: startupSettings(config),
    now: config.audit?.now,
    metrics: app.metrics,
  });

  await app.register(healthRoutes);
  // The CMS: portal content, the district sites and the images they show.
  await app.register(contentRoutes, routeOptions);
  await app.register(districtRoutes, routeOptions);
  await app.register(mediaRoutes, routeOptions);
  await app.register(publicityRoutes);
  await app.register(entityRoutes);
  await app.register(articleSearchRoutes, routeOptions);
  await app.register(interactionRoutes);
  await app.register(lendingRoutes);
  await app.register(guideRoutes);
  await app.register(annualReportRoutes);
  await app.register(visitLogRoutes);
  const portalUrl = (config.portalUrl ?? DEFAULT_PORTAL_URL).replace(/\/*$/, '/');
  await app.register(accountRoutes, { portalUrl, sms, siteName: CITY.siteName });
  // The chat app's authorization page: a demo stand-in of a system outside the centre.
  if (demo) await app.register(wechatAuthorizeRoutes, { portalUrl, siteName: CITY.siteName });
  await app.register(disclosureRoutes);
  await app.register(publicitySearchRoutes);
  await app.register(promiseRoutes);
  await app.register(hetaoRoutes);
  await app.register(openDataRoutes, {
    dataDir: path.resolve(config.dataDir),
    retentionDays: config.openData?.retentionDays ?? DEFAULT_OPEN_DATA_RETENTION_DAYS,
    cron: config.openData?.cron === undefined ? DEFAULT_OPEN_DATA_CRON : config.openData.cron,
    now: config.openData?.now,
  });
  // The centre's SM2 report-signing key (app.reportSigner; also the H5 personal report's).
  const signatureChecker = await createSignatureChecker(config.signatureCheck ?? { threads: 0 });
  app.addHook('onClose', () => signatureChecker.close());
  const reportSigner = createReportSigner(
    app.db,
    loadSigningKey({
      keyFile: config.reportSigningKeyFile,
      keyPem: config.reportSigningKeyPem,
      dataDir: path.resolve(config.dataDir),
      log: app.log,
    }),
    { metrics: app.metrics, checker: signatureChecker },
  );
  app.decorate('reportSigner', reportSigner);
  // 信用服务: one report service (also app.reports, for the H5 app's entity report).
  const reports = createReportService(app.db, {
    portalUrl,
    signingKey: config.reportSigningKey,
    signer: reportSigner,
    demo,
  });
  // A loopback PORTAL_URL on a public bind: said at start, once the service listens.
  warnOfLoopbackPortal(app, portalUrl, demo);
  app.decorate('reports', reports);
  await app.register(servicesRoutes, {
    dataDir: path.resolve(config.dataDir),
    reports,
    signer: reportSigner,
  });
  // Without SMTP_URL: the outbox with the demo stand-ins, else every mail refused (and said so).
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom ?? DEFAULT_MAIL_FROM,
    outboxDir,
    outbox: demo,
    metrics: app.metrics,
  });
  if (!config.smtpUrl && !demo) {
    app.log.warn('SMTP_URL not set and the demo stand-ins off: report e-mails and follow digests are refused');
  }
  app.addHook('onClose', async () => mailer.close());
  await app.register(h5Routes, {
    demo,
    testMode: config.h5TestMode ?? false,
    tokenTtlSeconds: config.h5TokenTtlSeconds ?? DEFAULT_H5_TOKEN_TTL_SECONDS,
    portalUrl,
    mailer,
    // The e-mailed entity report is the portal's enterprise credit report (issued, signed, verifiable).
    entityReport:
      config.entityReport ??
      (async (entityId) => {
        const { pdf, reportNumber } = await reports.issue('enterprise', { entityId: String(entityId) });
        return { pdf, reportNumber };
      }),
  });
  // 信用关注: the routes, and the job that makes notices and mails the daily digests.
  const follows = createFollowRepository(app.db);
  const linkKey = follows.linkKey();
  // Publications from here on are news (the seed, or what came before this feature, is not).
  follows.startMarks();
  await app.register(followRoutes, { repo: follows, linkKey, mailer, portalUrl, siteName: CITY.siteName });
  const followJob = createFollowJob({
    repo: follows,
    mailer,
    linkKey,
    portalUrl,
    siteName: CITY.siteName,
    log: app.log,
    schedule: config.followSchedule,
    metrics: app.metrics,
  });
  app.decorate('followJob', followJob);
  // Stopped, and a run in progress finished, before anything closes (the mailer, the database).
  app.addHook('preClose', async () => {
    followJob.stop();
    await followJob.idle();
  });
  if (config.backup?.dir) {
    const backupDir = config.backup.dir;
    app.metrics.trackJob('backup');
    const backupJob = createBackupJob({
      db: app.db,
      dataDir: path.resolve(config.dataDir),
      auditDir: config.audit?.dir,
      backupDir,
      cron: config.backup.cron,
      retentionDays: config.backup.retentionDays,
      log: app.log,
      privateKey: config.backup.passphraseFile
        ? { keyFile: config.reportSigningKeyFile, passphraseFile: config.backup.passphraseFile }
        : undefined,
      onRun: (run) => app.metrics.recordJobRun('backup', run.startedAt, run.durationSeconds, run.ok),
    });
    // The age of the newest set of each kind, for the backup-age alert (the Redis dumps are the sidecar's).
    app.metrics.addCollector(async () => {
      const newest = await newestBackupTimes(backupDir);
      for (const [set, time] of [
        ['credit-service', newest.creditService],
        ['redis', newest.redis],
      ] as const) {
        if (time) app.metrics.backupNewest.set({ set }, time.getTime() / 1000);
        else app.metrics.backupNewest.remove(set);
      }
    });
    // Stopped, and a backup in progress finished, before the database closes.
    app.addHook('preClose', async () => {
      backupJob.stop();
      await backupJob.idle();
    });
  }
  if (config.outboxPage) await app.register(outboxRoutes, { outboxDir });
  if (config.controls) await app.register(controlRoutes);
  return app;
}
