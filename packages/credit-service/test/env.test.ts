import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { resolveSecretFiles } from '@credit-portal/node-common';
import { readSettings, SECRET_SETTINGS } from '../src/env.js';

describe('readSettings', () => {
  const keyFile = { REPORT_SIGNING_KEY_FILE: '/etc/credit/report-signing.pem' };

  it('uses the documented defaults', () => {
    expect(readSettings(keyFile)).toEqual({
      settings: {
        host: '127.0.0.1',
        port: 8090,
        dataDir: './data',
        logLevel: 'info',
        seed: 20260101,
        seedEntities: 5000,
        oldSiteUrl: undefined,
        portalUrl: 'http://localhost:8080/',
        h5TestMode: false,
        h5TokenTtlSeconds: 1800,
        sessionIdleSeconds: 1800,
        trustedProxies: ['loopback'],
        // Not asked for: no stand-in and no outbox page, though the bind is loopback.
        demo: false,
        outboxPage: false,
        reportSigningKeyFile: keyFile.REPORT_SIGNING_KEY_FILE,
        rateLimits: { max: 600, strictMax: 60, windowMs: 60_000 },
        followSchedule: '* * * * *',
        audit: {
          dir: './data/audit',
          key: null,
          retentionDays: { access: 1096, security: 184 },
          anchorIntervalSeconds: 300,
        },
        openData: { retentionDays: 7, cron: '5 0 * * *', withdrawalCheckSeconds: 30 },
        // Two entity search threads, one on a one-core machine.
        searchWorkers: Math.min(2, availableParallelism()),
        admin: { host: '127.0.0.1', port: 9465 },
        backup: { dir: null, cron: '30 2 * * *', retentionDays: 14, passphraseFile: null },
        webhooks: { allowPrivateTargets: false },
        // The gateway's SITE_NAME default, and the demo's city.
        site: { siteName: '信用云州', cityName: '云州市', centreName: '云州市公共信用信息中心' },
      },
      errors: [],
    });
  });

  it('reads every variable', () => {
    const { settings } = readSettings({
      CREDIT_SERVICE_HOST: '0.0.0.0',
      CREDIT_SERVICE_PORT: '9100',
      DATA_DIR: '/var/lib/credit',
      LOG_LEVEL: 'warn',
      CREDIT_SERVICE_SEED: '5',
      SEED_ENTITIES: '1000000',
      OLD_SITE_URL: 'https://old.xyyz.example',
      GATEWAY_PORT: '9000',
      H5_TEST_MODE: 'off',
      H5_INFOTOKEN_TTL_SECONDS: '600',
      SMTP_URL: 'smtps://mailer:secret@mail.example.org:465',
      MAIL_FROM: '信用云州 <noreply@example.org>',
      TRUSTED_PROXIES: '172.28.0.11,172.28.0.12',
      RATE_LIMIT_MAX: '1000',
      RATE_LIMIT_STRICT_MAX: '20',
      RATE_LIMIT_WINDOW_MS: '30000',
      SMS_WEBHOOK_URL: 'https://sms.example.org/send',
      SMS_WEBHOOK_TOKEN: 's'.repeat(24),
      REPORT_SIGNING_KEY_FILE: '/etc/credit/report-signing.pem',
      OPEN_DATA_RETENTION_DAYS: '30',
      OPEN_DATA_CRON: '30 1 * * *',
      OPEN_DATA_WITHDRAWAL_CHECK_SECONDS: '5',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'on',
      FOLLOW_JOB_SCHEDULE: '0 */10 * * * *',
      SEARCH_WORKERS: '0',
      SITE_NAME: '信用测试州',
      CITY_NAME: '测试市',
      CREDIT_CENTRE_NAME: '测试市信用中心',
    });
    expect(settings).toEqual({
      host: '0.0.0.0',
      port: 9100,
      dataDir: '/var/lib/credit',
      logLevel: 'warn',
      seed: 5,
      seedEntities: 1_000_000,
      oldSiteUrl: 'https://old.xyyz.example',
      // PORTAL_URL unset: the gateway of this deployment, on its own port.
      portalUrl: 'http://localhost:9000/',
      h5TestMode: false,
      h5TokenTtlSeconds: 600,
      sessionIdleSeconds: 1800,
      smtpUrl: 'smtps://mailer:secret@mail.example.org:465',
      mailFrom: '信用云州 <noreply@example.org>',
      trustedProxies: ['172.28.0.11', '172.28.0.12'],
      // A public bind: no stand-in, no outbox page.
      demo: false,
      outboxPage: false,
      rateLimits: { max: 1000, strictMax: 20, windowMs: 30_000 },
      smsWebhookUrl: 'https://sms.example.org/send',
      smsWebhookToken: 's'.repeat(24),
      reportSigningKeyFile: '/etc/credit/report-signing.pem',
      followSchedule: '0 */10 * * * *',
      audit: {
        dir: '/var/lib/credit/audit',
        key: null,
        retentionDays: { access: 1096, security: 184 },
        anchorIntervalSeconds: 300,
      },
      openData: { retentionDays: 30, cron: '30 1 * * *', withdrawalCheckSeconds: 5 },
      searchWorkers: 0,
      admin: { host: '127.0.0.1', port: 9465 },
      backup: { dir: null, cron: '30 2 * * *', retentionDays: 14, passphraseFile: null },
      webhooks: { allowPrivateTargets: true },
      site: { siteName: '信用测试州', cityName: '测试市', centreName: '测试市信用中心' },
    });
    // CREDIT_CENTRE_NAME unset: the configured city's 公共信用信息中心.
    expect(readSettings({ CITY_NAME: '测试市', ...keyFile }).settings?.site.centreName).toBe('测试市公共信用信息中心');
    expect(
      readSettings({ GATEWAY_PORT: '9000', PORTAL_URL: 'https://xyyz.example/', ...keyFile }).settings?.portalUrl,
    ).toBe('https://xyyz.example/');
    // The gateway's OLD_SITE_URL behind the balancer (a path): content links on the portal's origin.
    expect(
      readSettings({ OLD_SITE_URL: '/oldsite', PORTAL_URL: 'https://xyyz.example/portal/', ...keyFile }).settings
        ?.oldSiteUrl,
    ).toBe('https://xyyz.example/oldsite');
    expect(readSettings({ OLD_SITE_URL: '//evil.example', ...keyFile }).errors).toHaveLength(1);
  });

  it('refuses to start production-like without the centre’s SM2 report-signing key', () => {
    const refused = readSettings({ CREDIT_SERVICE_HOST: '0.0.0.0' });
    expect(refused.settings).toBeNull();
    expect(refused.errors).toHaveLength(1);
    expect(refused.errors[0]).toMatch(
      /^REPORT_SIGNING_KEY_FILE: 未配置报告签名私钥，服务拒绝启动 \/ .*openssl genpkey -algorithm SM2/,
    );
    expect(readSettings({ CREDIT_SERVICE_HOST: '127.0.0.1', DEMO_STANDINS: 'off' }).errors[0]).toMatch(
      /^REPORT_SIGNING_KEY_FILE:/,
    );
    // Nothing said, on loopback too: refused the same.
    expect(readSettings({}).errors[0]).toMatch(/^REPORT_SIGNING_KEY_FILE:/);
    // On a laptop (the demo stand-ins asked for) a demo key is generated instead.
    const laptop = readSettings({ DEMO_STANDINS: 'on' });
    expect(laptop.errors).toEqual([]);
    expect(laptop.settings?.reportSigningKeyFile).toBeUndefined();
    expect(readSettings({ CREDIT_SERVICE_HOST: '0.0.0.0', REPORT_SIGNING_KEY_FILE: '/k.pem' }).settings).toMatchObject({
      demo: false,
      reportSigningKeyFile: '/k.pem',
    });
  });

  it('reports one clear message per bad value', () => {
    const result = readSettings({
      CREDIT_SERVICE_PORT: '80a',
      SEED_ENTITIES: '0',
      LOG_LEVEL: 'loud',
      H5_TEST_MODE: 'maybe',
      OLD_SITE_URL: 'ftp://x',
      SMTP_URL: 'http://mailer:secret@mail.example.org',
      SMS_WEBHOOK_URL: 'ftp://sms.example.org',
      OPEN_DATA_RETENTION_DAYS: '0',
      OPEN_DATA_CRON: 'every day at 5',
      SEARCH_WORKERS: '-1',
      ...keyFile,
    });
    expect(result.settings).toBeNull();
    expect(result.errors).toEqual([
      'CREDIT_SERVICE_PORT: must be an integer from 0 to 65535 (got "80a")',
      'SEED_ENTITIES: must be an integer from 1 to 10000000 (got "0")',
      // The value is not repeated: it may hold a password.
      'SMTP_URL: must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.org:587',
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      'OLD_SITE_URL: must use http or https (got "ftp:")',
      'H5_TEST_MODE: must be one of true, 1, yes, on, false, 0, no, off (got "maybe")',
      'SMS_WEBHOOK_URL: must use http or https (got "ftp:")',
      'OPEN_DATA_RETENTION_DAYS: must be an integer from 1 to 366 (got "0")',
      expect.stringMatching(/^OPEN_DATA_CRON: not a cron pattern: .* \(got every day at 5\)$/),
      'SEARCH_WORKERS: must be an integer from 0 to 64 (got "-1")',
    ]);
  });

  it('reads the follow job’s schedule: a cron pattern, or off', () => {
    expect(readSettings({ FOLLOW_JOB_SCHEDULE: 'off', ...keyFile }).settings?.followSchedule).toBeNull();
    const bad = readSettings({ FOLLOW_JOB_SCHEDULE: 'every minute', ...keyFile });
    expect(bad.settings).toBeNull();
    expect(bad.errors).toHaveLength(1);
    expect(bad.errors[0]).toMatch(/^FOLLOW_JOB_SCHEDULE: must be a cron pattern .*\(got every minute\)$/);
  });

  it('runs the demo stand-ins only when asked (DEMO_STANDINS), whatever the bind, and never publishes the outbox', () => {
    // A loopback bind alone — a one-host deployment behind a public gateway — runs no stand-in.
    for (const host of ['127.0.0.1', '::1', 'localhost']) {
      expect(readSettings({ CREDIT_SERVICE_HOST: host, ...keyFile }).settings, host).toMatchObject({
        demo: false,
        outboxPage: false,
        h5TestMode: false,
      });
    }
    expect(readSettings({ CREDIT_SERVICE_HOST: '::1', DEMO_STANDINS: 'on' }).settings).toMatchObject({
      demo: true,
      outboxPage: true,
    });
    expect(
      readSettings({ CREDIT_SERVICE_HOST: '127.0.0.1', DEMO_STANDINS: 'on', SMTP_URL: 'smtp://mail.example.org' })
        .settings,
    ).toMatchObject({
      demo: true,
      outboxPage: false,
    });
    expect(readSettings({ CREDIT_SERVICE_HOST: '0.0.0.0', DEMO_STANDINS: 'true' }).settings).toMatchObject({
      demo: true,
      outboxPage: false,
    });
    expect(
      readSettings({ CREDIT_SERVICE_HOST: '127.0.0.1', DEMO_STANDINS: 'false', ...keyFile }).settings,
    ).toMatchObject({
      demo: false,
      outboxPage: false,
    });
    expect(readSettings({ CREDIT_SERVICE_HOST: '0.0.0.0', OUTBOX_PAGE: 'true', ...keyFile }).errors).toEqual([
      'OUTBOX_PAGE: lists every mailed report and SMS code: never on a public bind (CREDIT_SERVICE_HOST=0.0.0.0); bind to 127.0.0.1 or set SMTP_URL',
    ]);
  });

  it('takes the H5 test login (a name and ID number → a session) only beside the demo stand-ins on a loopback bind', () => {
    const refusal =
      'H5_TEST_MODE: logs anyone in by name and ID number: only with the demo stand-ins (DEMO_STANDINS) on a loopback bind (CREDIT_SERVICE_HOST=127.0.0.1)';
    expect(readSettings({ CREDIT_SERVICE_HOST: '0.0.0.0', H5_TEST_MODE: 'on', ...keyFile }).errors).toEqual([refusal]);
    expect(
      readSettings({ CREDIT_SERVICE_HOST: '0.0.0.0', H5_TEST_MODE: 'on', DEMO_STANDINS: 'on', ...keyFile }).errors,
    ).toEqual([refusal]);
    expect(
      readSettings({ CREDIT_SERVICE_HOST: '127.0.0.1', H5_TEST_MODE: 'on', DEMO_STANDINS: 'off', ...keyFile }).errors,
    ).toEqual([refusal]);
    expect(readSettings({ CREDIT_SERVICE_HOST: '127.0.0.1', H5_TEST_MODE: 'on', ...keyFile }).errors).toEqual([
      refusal,
    ]);
    expect(
      readSettings({ CREDIT_SERVICE_HOST: '127.0.0.1', H5_TEST_MODE: 'on', DEMO_STANDINS: 'on' }).settings,
    ).toMatchObject({
      demo: true,
      h5TestMode: true,
    });
  });

  it('takes secrets from files (compose secrets) and keeps REPORT_SIGNING_KEY_FILE the SM2 key’s path', () => {
    const files: Record<string, string> = {
      '/run/secrets/jwt': `${'j'.repeat(40)}\n`,
      '/run/secrets/audit': `${'a'.repeat(40)}\n`,
    };
    const { env, problems } = resolveSecretFiles(
      {
        CREDIT_SERVICE_JWT_SECRET_FILE: '/run/secrets/jwt',
        AUDIT_KEY_FILE: '/run/secrets/audit',
        REPORT_SIGNING_KEY_FILE: '/run/secrets/report-signing-key',
      },
      SECRET_SETTINGS,
      (file) => files[file] ?? '',
    );
    expect(problems).toEqual([]);
    const { settings } = readSettings(env);
    expect(settings).toMatchObject({
      jwtSecret: 'j'.repeat(40),
      audit: { key: 'a'.repeat(40) },
      reportSigningKeyFile: '/run/secrets/report-signing-key',
      reportSigningKey: undefined,
    });
  });
});
