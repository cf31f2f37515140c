import path from 'node:path';
import {
  AUDIT_RETENTION_FLOOR_DAYS,
  DEFAULT_AUDIT_ANCHOR_INTERVAL_SECONDS,
  JSON_LIMITS,
} from '@credit-portal/node-common';
import Fastify, { type FastifyInstance } from 'fastify';
import adminPlugin from './admin/listener.js';
import { DEFAULT_OLD_SITE_URL, DEFAULT_PORTAL_URL, type CreditServiceConfig } from './config.js';
import { DEFAULT_SEED, DEFAULT_SEED_ENTITIES } from './db/dataset.js';
import { DATABASE_FILE } from './db/open.js';
import connectionsPlugin from './plugins/connections.js';
import controlsPlugin from './plugins/controls.js';
import dbPlugin from './plugins/db.js';
import entitySearchPlugin from './plugins/entity-search.js';
import errorHandlerPlugin from './plugins/error-handler.js';
import jsonBodyPlugin from './plugins/json-body.js';
import metricsPlugin from './plugins/metrics.js';
import rateLimitsPlugin, { DEFAULT_RATE_LIMITS } from './plugins/rate-limits.js';
import securityHeadersPlugin from './plugins/security-headers.js';
import staleUploadsPlugin from './plugins/stale-uploads.js';
import smsPlugin from './plugins/sms.js';
import reportSignerPlugin from './plugins/report-signer.js';
import reportsPlugin from './plugins/reports.js';
import mailerPlugin from './plugins/mailer.js';
import followPlugin from './routes/follow/with-job.js';
import backupPlugin from './plugins/backup.js';
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
import h5Routes, { DEFAULT_H5_TOKEN_TTL_SECONDS, FACE_VERIFY_PATH } from './routes/h5/index.js';
import { DEFAULT_MAIL_FROM, OUTBOX_DIR } from './mail/mailer.js';
import outboxRoutes, { OUTBOX_PATH } from './mail/outbox-routes.js';
import { loggerOptionsFor } from './lib/logging.js';
import wechatAuthorizeRoutes, { WECHAT_AUTHORIZE_PATH } from './routes/demo/wechat-authorize.js';
import { CITY } from './lib/place.js';

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
export { DEFAULT_OLD_SITE_URL, DEFAULT_PORTAL_URL, type CreditServiceConfig } from './config.js';

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
  const dataDir = path.resolve(config.dataDir);
  const outboxDir = path.join(dataDir, OUTBOX_DIR);
  const portalUrl = (config.portalUrl ?? DEFAULT_PORTAL_URL).replace(/\/*$/, '/');

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(jsonBodyPlugin, { limits: JSON_LIMITS });
  await app.register(swaggerPlugin);
  await app.register(connectionsPlugin);
  // app.metrics, handed to the parts below, and the admin listener that reports them (server.ts
  // makes it listen): first, so that its /readyz answers 503 as soon as the app starts closing.
  await app.register(metricsPlugin, { databaseFile: path.join(dataDir, DATABASE_FILE) });
  await app.register(adminPlugin);
  // Before every route, so that each request is counted and faulted first.
  if (config.controls) await app.register(controlsPlugin);
  // Before every route: it gives the routes of its table their limits as they are added.
  await app.register(rateLimitsPlugin, { limits: config.rateLimits ?? DEFAULT_RATE_LIMITS });
  await app.register(dbPlugin, {
    dataDir,
    seed: config.seed ?? DEFAULT_SEED,
    seedEntities: config.seedEntities ?? DEFAULT_SEED_ENTITIES,
    seedAsOf: config.seedAsOf,
    lockDemoAccounts: !demo,
  });
  // After the database (migrations, seed, and the search keys it computes first), before the routes.
  await app.register(entitySearchPlugin, { workers: config.searchWorkers ?? 0, metrics: app.metrics });

  await app.register(staleUploadsPlugin, { dataDir });
  // app.sms: before auth (lockout notices) and the account routes (codes).
  await app.register(smsPlugin, {
    webhookUrl: config.smsWebhookUrl,
    webhookToken: config.smsWebhookToken,
    demo,
    outboxDir,
  });
  // Login is checked in one place: app.auth, for every route plugin below.
  await app.register(authPlugin, {
    jwtSecret: config.jwtSecret,
    tokenTtlSeconds: config.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS,
    sessionIdleSeconds: config.sessionIdleSeconds ?? DEFAULT_SESSION_IDLE_SECONDS,
    passwordParams: config.passwordHashing,
    sms: app.sms,
    siteName: CITY.siteName,
  });
  // The audit trail: after auth (its records name the login), before every audited route.
  await app.register(auditPlugin, {
    dataDir,
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
  await app.register(accountRoutes, { portalUrl, sms: app.sms, siteName: CITY.siteName });
  // The chat app's authorization page: a demo stand-in of a system outside the centre.
  if (demo) await app.register(wechatAuthorizeRoutes, { portalUrl, siteName: CITY.siteName });
  await app.register(disclosureRoutes);
  await app.register(publicitySearchRoutes);
  await app.register(promiseRoutes);
  await app.register(hetaoRoutes);
  await app.register(openDataRoutes, {
    dataDir,
    retentionDays: config.openData?.retentionDays ?? DEFAULT_OPEN_DATA_RETENTION_DAYS,
    cron: config.openData?.cron === undefined ? DEFAULT_OPEN_DATA_CRON : config.openData.cron,
    now: config.openData?.now,
  });
  // app.reportSigner (also the H5 personal report's), then app.reports on it: before the routes that issue.
  await app.register(reportSignerPlugin, {
    dataDir,
    keyFile: config.reportSigningKeyFile,
    keyPem: config.reportSigningKeyPem,
    signatureCheck: config.signatureCheck,
  });
  await app.register(reportsPlugin, { portalUrl, signingKey: config.reportSigningKey, demo });
  await app.register(servicesRoutes, {
    dataDir,
    reports: app.reports,
    signer: app.reportSigner,
  });
  // app.mailer: before the H5 app and 信用关注, which mail.
  await app.register(mailerPlugin, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom ?? DEFAULT_MAIL_FROM,
    outboxDir,
    demo,
  });
  await app.register(h5Routes, {
    demo,
    testMode: config.h5TestMode ?? false,
    tokenTtlSeconds: config.h5TokenTtlSeconds ?? DEFAULT_H5_TOKEN_TTL_SECONDS,
    portalUrl,
    mailer: app.mailer,
    // The e-mailed entity report is the portal's enterprise credit report (issued, signed, verifiable).
    entityReport:
      config.entityReport ??
      (async (entityId) => {
        const { pdf, reportNumber } = await app.reports.issue('enterprise', { entityId: String(entityId) });
        return { pdf, reportNumber };
      }),
  });
  await app.register(followPlugin, { portalUrl, siteName: CITY.siteName, schedule: config.followSchedule });
  if (config.backup?.dir) {
    await app.register(backupPlugin, {
      ...config.backup,
      dir: config.backup.dir,
      dataDir,
      auditDir: config.audit?.dir,
      keyFile: config.reportSigningKeyFile,
    });
  }
  if (config.outboxPage) await app.register(outboxRoutes, { outboxDir });
  if (config.controls) await app.register(controlRoutes);
  return app;
}
