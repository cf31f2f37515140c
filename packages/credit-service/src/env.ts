import {
  EnvReader,
  LOG_LEVELS,
  readAuditSettings,
  type AuditSettings,
  type EnvSource,
  type LogLevel,
} from '@credit-portal/node-common';
import { DEFAULT_SEED, DEFAULT_SEED_ENTITIES, MAX_SEED_ENTITIES } from './db/dataset.js';
import { DEFAULT_H5_TOKEN_TTL_SECONDS } from './routes/h5/context.js';
import { DEFAULT_SESSION_IDLE_SECONDS } from './plugins/auth.js';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from './plugins/rate-limits.js';
import {
  DEFAULT_OPEN_DATA_CRON,
  DEFAULT_OPEN_DATA_RETENTION_DAYS,
  DEFAULT_OPEN_DATA_WITHDRAWAL_CHECK_SECONDS,
} from './routes/open-data/job.js';
import { Cron } from 'croner';
import { DEFAULT_FOLLOW_SCHEDULE, scheduleProblem } from './follow/job.js';
import { DEFAULT_SEARCH_WORKERS, MAX_SEARCH_WORKERS } from './plugins/entity-search.js';
import { readAdminSettings, type AdminSettings } from './admin/settings.js';
import { readBackupSettings, type BackupSettings } from './backup/settings.js';
import { readSite, type SiteIdentity } from './lib/site.js';

/** The process settings server.ts reads from the environment. */
export interface ServerSettings {
  host: string;
  port: number;
  dataDir: string;
  logLevel: LogLevel;
  seed: number;
  seedEntities: number;
  oldSiteUrl: string | undefined;
  jwtSecret: string | undefined;
  /** A portal login session unused for longer than this ends (the gateway reads the same variable). */
  sessionIdleSeconds: number;
  portalUrl: string;
  reportSigningKey: string | undefined;
  /** The centre's SM2 report-signing key (PEM file); required unless the demo stand-ins are on. */
  reportSigningKeyFile: string | undefined;
  h5TestMode: boolean;
  h5TokenTtlSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  /** Addresses whose X-Forwarded-For is believed (the gateways); default loopback. */
  trustedProxies: string[];
  /** The demo stand-ins (face verification, chat-app authorization, SMS): only when DEMO_STANDINS asks. */
  demo: boolean;
  /** The /outbox page: default with the stand-ins, and never on a public bind. */
  outboxPage: boolean;
  /** RATE_LIMIT_MAX, RATE_LIMIT_STRICT_MAX, RATE_LIMIT_WINDOW_MS: the names and defaults of the gateway's. */
  rateLimits: RateLimitSettings;
  /** The SMS gateway registration codes are POSTed to (JSON); unset: the demo outbox, or no SMS. */
  smsWebhookUrl: string | undefined;
  /** Bearer token of the SMS gateway. */
  smsWebhookToken: string | undefined;
  changesFeedToken: string | undefined;
  /** FOLLOW_JOB_SCHEDULE: the follow job's cron pattern (croner); null: off. */
  followSchedule: string | null;
  /** The audit trail: AUDIT_DIR (default DATA_DIR/audit), AUDIT_KEY, AUDIT_RETENTION_*_DAYS, AUDIT_ANCHOR_INTERVAL_SECONDS. */
  audit: AuditSettings;
  /** Open data: OPEN_DATA_RETENTION_DAYS and the daily job's OPEN_DATA_CRON. */
  openData: { retentionDays: number; cron: string; withdrawalCheckSeconds: number };
  /** SEARCH_WORKERS: entity search worker threads (read-only connections); 0: on the main thread. */
  searchWorkers: number;
  /** The admin listener (/metrics, detailed /readyz): CREDIT_SERVICE_ADMIN_HOST, CREDIT_SERVICE_ADMIN_PORT (0: off). */
  admin: AdminSettings;
  /** BACKUP_DIR (unset: no scheduled backups), BACKUP_CRON, BACKUP_RETENTION_DAYS, BACKUP_KEY_PASSPHRASE_FILE. */
  backup: BackupSettings;
  /** Signed webhooks: WEBHOOK_ALLOW_PRIVATE_TARGETS (loopback and private receivers; default off). */
  webhooks: { allowPrivateTargets: boolean };
  /** SITE_NAME (the gateway's variable), CITY_NAME, CREDIT_CENTRE_NAME: what pages, reports and mail call the site. */
  site: SiteIdentity;
}

/**
 * The settings that are secrets: each may be given as NAME_FILE, a file holding it (compose
 * secrets), which server.ts reads before it drops its privileges. Not REPORT_SIGNING_KEY: its
 * _FILE name is the SM2 key's path (REPORT_SIGNING_KEY_FILE), a setting of its own, read there too.
 */
export const SECRET_SETTINGS = [
  'CREDIT_SERVICE_JWT_SECRET',
  'AUDIT_KEY',
  'SMS_WEBHOOK_TOKEN',
  'SMTP_URL',
  'CHANGES_FEED_TOKEN',
] as const;

/** A cron pattern (croner's syntax, local time), checked by parsing it. */
function readCron(read: EnvReader, name: string, fallback: string): string {
  const pattern = read.optionalString(name, 9, 100) ?? fallback;
  try {
    new Cron(pattern, { paused: true }).stop();
  } catch (error) {
    read.problem(name, `not a cron pattern: ${(error as Error).message} (got ${pattern})`);
  }
  return pattern;
}

/** True for a host that only this machine reaches. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

const HTTP = { protocols: ['http:', 'https:'], keepTrailingSlash: true };

/** SMTP_URL: smtp:// or smtps://; its problems never repeat the value (it may hold a password). */
function readSmtpUrl(read: EnvReader): string | undefined {
  const raw = read.raw('SMTP_URL');
  if (raw === undefined) return undefined;
  let protocol = '';
  try {
    protocol = new URL(raw).protocol;
  } catch {
    // reported below
  }
  if (protocol === 'smtp:' || protocol === 'smtps:') return raw;
  read.problem('SMTP_URL', 'must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.org:587');
  return undefined;
}

/**
 * H5_TEST_MODE: the H5 app's hidden test login, which logs anyone in by a name and ID number
 * without face verification — only beside the demo stand-ins on a loopback bind (a test bench),
 * never on a service residents reach (a review's finding).
 */
function readH5TestMode(read: EnvReader, testBench: boolean): boolean {
  const on = read.bool('H5_TEST_MODE', false);
  if (on && !testBench) {
    read.problem(
      'H5_TEST_MODE',
      'logs anyone in by name and ID number: only with the demo stand-ins (DEMO_STANDINS) on a loopback bind (CREDIT_SERVICE_HOST=127.0.0.1)',
    );
  }
  return on;
}

/**
 * REPORT_SIGNING_KEY_FILE: the centre's SM2 key. A production-like service (demo stand-ins off)
 * refuses to start without it: a key generated on the machine would sign reports nobody can trust.
 */
function readSigningKeyFile(read: EnvReader, demo: boolean): string | undefined {
  const file = read.raw('REPORT_SIGNING_KEY_FILE');
  if (file === undefined && !demo) {
    read.problem(
      'REPORT_SIGNING_KEY_FILE',
      '未配置报告签名私钥，服务拒绝启动 / the centre’s SM2 report-signing key is required when the demo stand-ins are off (DEMO_STANDINS unset or off): make one with `openssl genpkey -algorithm SM2 -out report-signing.pem` and set REPORT_SIGNING_KEY_FILE to its path (a demo key is generated only on a laptop)',
    );
  }
  return file;
}

/** FOLLOW_JOB_SCHEDULE: a cron pattern croner reads, or off. */
function readFollowSchedule(read: EnvReader): string | null {
  const raw = read.raw('FOLLOW_JOB_SCHEDULE') ?? DEFAULT_FOLLOW_SCHEDULE;
  if (raw === 'off') return null;
  const problem = scheduleProblem(raw);
  if (problem)
    read.problem('FOLLOW_JOB_SCHEDULE', `must be a cron pattern (e.g. '* * * * *') or off: ${problem} (got ${raw})`);
  return raw;
}

/**
 * Reads and validates the settings. Returns them, or one message per bad variable so that a
 * misconfigured start says everything that is wrong at once.
 */
export function readSettings(
  env: EnvSource,
): { settings: ServerSettings; errors: [] } | { settings: null; errors: string[] } {
  const read = new EnvReader(env);
  // Read in this order so that the problems are listed in it.
  const port = read.int('CREDIT_SERVICE_PORT', 8090, 0, 65535);
  const seedEntities = read.int('SEED_ENTITIES', DEFAULT_SEED_ENTITIES, 1, MAX_SEED_ENTITIES);
  const seed = read.int('CREDIT_SERVICE_SEED', DEFAULT_SEED, 0, 0xffffffff);
  const gatewayPort = read.int('GATEWAY_PORT', 8080, 1, 65535);
  const host = read.raw('CREDIT_SERVICE_HOST') ?? '127.0.0.1';
  const loopback = isLoopbackHost(host);
  const smtpUrl = readSmtpUrl(read);
  // By word only: a one-host deployment binds to loopback behind a public gateway, and must not
  // get stand-ins that verify anyone because of it. `npm start` asks for them.
  const demo = read.bool('DEMO_STANDINS', false);
  const outboxPage = read.bool('OUTBOX_PAGE', demo && loopback && smtpUrl === undefined);
  if (outboxPage && !loopback) {
    read.problem(
      'OUTBOX_PAGE',
      `lists every mailed report and SMS code: never on a public bind (CREDIT_SERVICE_HOST=${host}); bind to 127.0.0.1 or set SMTP_URL`,
    );
  }
  const dataDir = read.raw('DATA_DIR') ?? './data';
  const settings: ServerSettings = {
    host,
    port,
    dataDir,
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    seed,
    seedEntities,
    oldSiteUrl: read.optionalUrl('OLD_SITE_URL', { ...HTTP, paths: true }) ?? undefined,
    jwtSecret: read.optionalString('CREDIT_SERVICE_JWT_SECRET', 32, Infinity) ?? undefined,
    sessionIdleSeconds: read.int('SESSION_IDLE_SECONDS', DEFAULT_SESSION_IDLE_SECONDS, 60, 86_400),
    // By default the gateway of this deployment: same machine, its GATEWAY_PORT.
    portalUrl: read.optionalUrl('PORTAL_URL', HTTP) ?? `http://localhost:${gatewayPort}/`,
    reportSigningKey: read.optionalString('REPORT_SIGNING_KEY', 32, Infinity) ?? undefined,
    reportSigningKeyFile: readSigningKeyFile(read, demo),
    h5TestMode: readH5TestMode(read, demo && loopback),
    h5TokenTtlSeconds: read.int('H5_INFOTOKEN_TTL_SECONDS', DEFAULT_H5_TOKEN_TTL_SECONDS, 60, 86_400),
    smtpUrl,
    mailFrom: read.optionalString('MAIL_FROM', 3, 200) ?? undefined,
    trustedProxies: read.proxies('TRUSTED_PROXIES', ['loopback']),
    demo,
    outboxPage,
    rateLimits: {
      max: read.int('RATE_LIMIT_MAX', DEFAULT_RATE_LIMITS.max, 1, 10_000_000),
      strictMax: read.int('RATE_LIMIT_STRICT_MAX', DEFAULT_RATE_LIMITS.strictMax, 1, 10_000_000),
      windowMs: read.int('RATE_LIMIT_WINDOW_MS', DEFAULT_RATE_LIMITS.windowMs, 100, 86_400_000),
    },
    smsWebhookUrl: read.optionalUrl('SMS_WEBHOOK_URL', HTTP) ?? undefined,
    smsWebhookToken: read.optionalString('SMS_WEBHOOK_TOKEN', 16, 500) ?? undefined,
    changesFeedToken: read.optionalString('CHANGES_FEED_TOKEN', 16, 500) ?? undefined,
    followSchedule: readFollowSchedule(read),
    audit: readAuditSettings(read, `${dataDir.replace(/\/+$/, '')}/audit`),
    openData: {
      retentionDays: read.int('OPEN_DATA_RETENTION_DAYS', DEFAULT_OPEN_DATA_RETENTION_DAYS, 1, 366),
      cron: readCron(read, 'OPEN_DATA_CRON', DEFAULT_OPEN_DATA_CRON),
      withdrawalCheckSeconds: read.int(
        'OPEN_DATA_WITHDRAWAL_CHECK_SECONDS',
        DEFAULT_OPEN_DATA_WITHDRAWAL_CHECK_SECONDS,
        0,
        3600,
      ),
    },
    searchWorkers: read.int('SEARCH_WORKERS', DEFAULT_SEARCH_WORKERS, 0, MAX_SEARCH_WORKERS),
    admin: readAdminSettings(read),
    backup: readBackupSettings(read),
    webhooks: { allowPrivateTargets: read.bool('WEBHOOK_ALLOW_PRIVATE_TARGETS', false) },
    site: readSite(read),
  };
  // Content links must be absolute: a path (the gateway's OLD_SITE_URL=/oldsite behind the
  // balancer) is a page of the portal's origin.
  if (settings.oldSiteUrl?.startsWith('/')) settings.oldSiteUrl = new URL(settings.oldSiteUrl, settings.portalUrl).href;
  const errors = [...read.problems];
  return errors.length > 0 ? { settings: null, errors } : { settings, errors: [] };
}
