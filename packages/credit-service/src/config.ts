import type { AuditSettings } from '@credit-portal/node-common';
import type { BackupSettings } from './backup/settings.js';
import type { LoggerSetting } from './lib/logging.js';
import type { ScryptParams } from './lib/passwords.js';
import type { SiteIdentity } from './lib/site.js';
import type { RateLimitSettings } from './plugins/rate-limits.js';
import type { WebhookSettings } from './plugins/webhooks.js';
import type { EntityReportRenderer } from './routes/h5/index.js';
import type { SignatureCheckerOptions } from './signing/signature-checker.js';

/** How to build the credit-service. */
export interface CreditServiceConfig {
  /** Directory of the SQLite database (credit.sqlite), created (empty) when new. */
  dataDir: string;
  /** With the demo on: the PRNG seed of the data set a new database gets (default DEFAULT_SEED). */
  seed?: number;
  /** With the demo on: entities in a new database (default 5000); licences and penalties scale with them. */
  seedEntities?: number;
  /**
   * The day (yyyy-mm-dd) a new database's dates count back from (licences, penalties, lists,
   * applications, H5 reports); default: the day it is created, so a demo started later is still current.
   */
  seedAsOf?: string;
  /** Logging: false (default), true (info), or a level and a destination; always redacted (lib/logging.ts). */
  logger?: LoggerSetting;
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
  /** From header of outgoing mail; default the site's name on noreply@xyyz.example. */
  mailFrom?: string;
  /** Renders an entity's credit report for the H5 app's mail (default: the enterprise credit report). */
  entityReport?: EntityReportRenderer;
  /** Addresses or CIDR ranges whose X-Forwarded-For is believed (the gateways); default loopback only. */
  trustedProxies?: string[];
  /**
   * The demo wing (demo/plugin.ts): the demo data set in a new database, and the stand-ins of the
   * centre's external services — face verification, the chat app's authorization page and the SMS
   * sender (codes written to the outbox). Default off; DEMO_STANDINS turns it on (`npm start` does).
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
   * The token the gateways present to follow the public-changes outbox (CHANGES_FEED_TOKEN);
   * unset: only callers on this machine are answered.
   */
  changesFeedToken?: string;
  /**
   * scrypt cost of new and re-hashed passwords; default SCRYPT_PARAMS (OWASP: N=2^17, r=8, p=1).
   * Not an environment setting: test builds lower it to keep their many logins quick.
   */
  passwordHashing?: ScryptParams;
  /** The audit trail (plugins/audit.ts, docs/AUDIT.md): AUDIT_DIR (default DATA_DIR/audit), AUDIT_KEY, retention, anchoring. */
  audit?: Partial<AuditSettings> & { now?: () => Date };
  /**
   * Open data: days of files kept (OPEN_DATA_RETENTION_DAYS, default 7), the daily job's
   * cron pattern (OPEN_DATA_CRON, default 00:05; null: no schedule), how often the outbox is
   * checked for withdrawals (OPEN_DATA_WITHDRAWAL_CHECK_SECONDS, default 30; 0: on requests only),
   * and the clock (tests).
   */
  openData?: { retentionDays?: number; cron?: string | null; withdrawalCheckSeconds?: number; now?: () => Date };
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
  /** Signed webhooks (src/webhooks): private targets (WEBHOOK_ALLOW_PRIVATE_TARGETS), polling, deadline, backoff. */
  webhooks?: WebhookSettings;
  /** Scheduled backups (src/backup, README "Backups and restore"); unset or dir null: none. */
  backup?: BackupSettings;
  /** What pages, reports and mail call the site, its city and the issuing centre (lib/site.ts); default the demo's city. */
  site?: Partial<SiteIdentity>;
}

/** Where content that lives on the older site points when OLD_SITE_URL is not set (a reserved example domain, RFC 2606). */
export const DEFAULT_OLD_SITE_URL = 'https://old.xyyz.example';

/** Where the old-site pages send people back to when PORTAL_URL is not set (the gateway's default address; server.ts follows GATEWAY_PORT). */
export const DEFAULT_PORTAL_URL = 'http://localhost:8080/';
