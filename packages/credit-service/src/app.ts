import path from 'node:path';
import {
  AUDIT_RETENTION_FLOOR_DAYS,
  DEFAULT_AUDIT_ANCHOR_INTERVAL_SECONDS,
  JSON_LIMITS,
  processSchemaCompilers,
} from '@credit-portal/node-common';
import Fastify, { type FastifyInstance } from 'fastify';
import adminPlugin from './admin/listener.js';
import { DEFAULT_OLD_SITE_URL, DEFAULT_PORTAL_URL, type CreditServiceConfig } from './config.js';
import { DEFAULT_SEED, DEFAULT_SEED_ENTITIES } from './db/dataset.js';
import { DATABASE_FILE } from './db/open.js';
import demoPlugin, { demoAccountsLock } from './demo/plugin.js';
import connectionsPlugin from './plugins/connections.js';
import dbPlugin from './plugins/db.js';
import entitySearchPlugin from './plugins/entity-search.js';
import errorHandlerPlugin from './plugins/error-handler.js';
import jsonBodyPlugin from './plugins/json-body.js';
import metricsPlugin from './plugins/metrics.js';
import rateLimitsPlugin, { DEFAULT_RATE_LIMITS } from './plugins/rate-limits.js';
import securityHeadersPlugin from './plugins/security-headers.js';
import staleUploadsPlugin from './plugins/stale-uploads.js';
import smsPlugin from './plugins/sms.js';
import backupPlugin, { backupOptions } from './plugins/backup.js';
import webhooksPlugin from './plugins/webhooks.js';
import swaggerPlugin from './plugins/external/swagger.js';
import authPlugin, { DEFAULT_SESSION_IDLE_SECONDS, DEFAULT_TOKEN_TTL_SECONDS } from './plugins/auth.js';
import auditPlugin from './plugins/audit.js';
import { startupSettings } from './audit/startup.js';
import routesPlugin from './routes/index.js';
import publicChangesPlugin from './public-changes/plugin.js';
import { OUTBOX_DIR } from './mail/mailer.js';
import { loggerOptionsFor } from './lib/logging.js';
import { localToday } from './lib/dates.js';
import { siteIdentity } from './lib/site.js';

export * from './exports.js';

/** Largest request body: a full visit-log batch (message up to 1,000,000 characters) plus its wrapper. */
const BODY_LIMIT = 2 * 1024 * 1024;

/**
 * Builds the credit-service: the reference implementation of the centre's CMS and credit data
 * API on SQLite. The database opens (migrated; empty when new, unless the demo fills it) before
 * this resolves and closes with the app.
 */
export async function buildApp(config: CreditServiceConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptionsFor(config.logger),
    bodyLimit: BODY_LIMIT,
    // request.ip: the gateway's X-Forwarded-For is believed from the configured addresses only.
    trustProxy: config.trustedProxies ?? ['loopback'],
    // Start-up work (migrations, the demo's seed, the search threads' first search, the signing
    // key) takes what the host gives it: Fastify's 10 s default failed starts on a busy host.
    // A start that hangs is for the orchestrator's health check to end.
    pluginTimeout: 0,
    schemaController: { compilersFactory: processSchemaCompilers },
  });
  const demo = config.demo ?? false;
  if (!demo) app.log.info('demo stand-ins are off (DEMO_STANDINS): the centre’s own services are used');
  const dataDir = path.resolve(config.dataDir);
  const outboxDir = path.join(dataDir, OUTBOX_DIR);
  const portalUrl = (config.portalUrl ?? DEFAULT_PORTAL_URL).replace(/\/*$/, '/');
  app.decorate('site', siteIdentity(config.site));
  const { siteName } = app.site;

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(jsonBodyPlugin, { limits: JSON_LIMITS });
  await app.register(swaggerPlugin);
  await app.register(connectionsPlugin);
  // app.metrics, handed to the parts below, and the admin listener that reports them (server.ts
  // makes it listen): first, so that its /readyz answers 503 as soon as the app starts closing.
  await app.register(metricsPlugin, { databaseFile: path.join(dataDir, DATABASE_FILE) });
  await app.register(adminPlugin);
  // Before every route: it gives the routes of its table their limits as they are added.
  await app.register(rateLimitsPlugin, { limits: config.rateLimits ?? DEFAULT_RATE_LIMITS });
  await app.register(dbPlugin, { dataDir });
  await app.register(staleUploadsPlugin, { dataDir });
  // app.sms: before auth (lockout notices) and the account routes (codes).
  const { smsWebhookUrl: webhookUrl, smsWebhookToken: webhookToken } = config;
  await app.register(smsPlugin, { webhookUrl, webhookToken, demo, outboxDir });
  // Login is checked in one place: app.auth, for every route plugin below.
  const { jwtSecret, passwordHashing: passwordParams } = config;
  const tokenTtlSeconds = config.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS;
  const sessionIdleSeconds = config.sessionIdleSeconds ?? DEFAULT_SESSION_IDLE_SECONDS;
  const sessions = { jwtSecret, tokenTtlSeconds, sessionIdleSeconds, passwordParams };
  await app.register(authPlugin, { ...sessions, sms: app.sms, siteName });
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
  // The demo wing (its data set in a new database, its stand-ins) or, without it, its accounts locked.
  if (demo) {
    const seed = { seed: config.seed ?? DEFAULT_SEED, entities: config.seedEntities ?? DEFAULT_SEED_ENTITIES };
    const sms = config.smsWebhookUrl ? 'webhook' : 'outbox';
    const asOf = config.seedAsOf ?? localToday();
    await app.register(demoPlugin, { ...seed, asOf, portalUrl, siteName, sms, outboxPage: config.outboxPage ?? false });
  } else await app.register(demoAccountsLock);
  // After the demo's seed: the search keys it computes first cover every name.
  await app.register(entitySearchPlugin, { workers: config.searchWorkers ?? 0, metrics: app.metrics });
  // Every route, and the services only routes use (reports, the mailer).
  const oldSiteUrl = config.oldSiteUrl ?? DEFAULT_OLD_SITE_URL;
  await app.register(routesPlugin, { config, dataDir, outboxDir, portalUrl, oldSiteUrl, siteName });
  // The outbox's delivery to the gateways, and the job that ends publicity periods at midnight.
  await app.register(publicChangesPlugin, { followToken: config.changesFeedToken });
  await app.register(webhooksPlugin, { ...config.webhooks, dataDir });
  const backup = backupOptions(config, dataDir);
  if (backup) await app.register(backupPlugin, backup);
  return app;
}
