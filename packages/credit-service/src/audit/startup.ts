import { AUDIT_RETENTION_FLOOR_DAYS, type AuditStream } from '@credit-portal/node-common';

/** The settings of the service's configuration (app.ts CreditServiceConfig) that the start-up record names. */
export interface StartupConfig {
  demo?: boolean;
  outboxPage?: boolean;
  h5TestMode?: boolean;
  trustedProxies?: string[];
  portalUrl?: string;
  oldSiteUrl?: string;
  tokenTtlSeconds?: number;
  sessionIdleSeconds?: number;
  h5TokenTtlSeconds?: number;
  rateLimits?: unknown;
  jwtSecret?: string;
  reportSigningKey?: string;
  smtpUrl?: string;
  smsWebhookUrl?: string;
  smsWebhookToken?: string;
  audit?: { key?: string | null; retentionDays?: Record<AuditStream, number>; anchorIntervalSeconds?: number };
}

const setOrNot = (value: unknown): 'set' | 'unset' => (value ? 'set' : 'unset');

/**
 * The start-up record's details: each setting by name, with its value when it is no secret and
 * only `set`/`unset` (or where it comes from) when it is one — the SMTP URL may hold a password,
 * the keys and tokens are secrets.
 */
export function startupSettings(config: StartupConfig): Record<string, unknown> {
  return {
    demoStandins: config.demo ?? false,
    outboxPage: config.outboxPage ?? false,
    h5TestMode: config.h5TestMode ?? false,
    trustedProxies: config.trustedProxies ?? ['loopback'],
    portalUrl: config.portalUrl ?? null,
    oldSiteUrl: config.oldSiteUrl ?? null,
    tokenTtlSeconds: config.tokenTtlSeconds ?? null,
    sessionIdleSeconds: config.sessionIdleSeconds ?? null,
    h5TokenTtlSeconds: config.h5TokenTtlSeconds ?? null,
    rateLimits: config.rateLimits ?? null,
    jwtSecret: config.jwtSecret ? 'set' : 'database',
    reportSigningKey: config.reportSigningKey ? 'set' : 'database',
    auditKey: config.audit?.key ? 'set' : 'database',
    smtpUrl: setOrNot(config.smtpUrl),
    smsWebhookUrl: setOrNot(config.smsWebhookUrl),
    smsWebhookToken: setOrNot(config.smsWebhookToken),
    auditRetentionDays: config.audit?.retentionDays ?? AUDIT_RETENTION_FLOOR_DAYS,
    auditAnchorIntervalSeconds: config.audit?.anchorIntervalSeconds ?? null,
  };
}
