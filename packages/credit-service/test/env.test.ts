import { describe, expect, it } from 'vitest';
import { readSettings } from '../src/env.js';

describe('readSettings', () => {
  it('uses the documented defaults', () => {
    expect(readSettings({})).toEqual({
      settings: {
        host: '127.0.0.1',
        port: 8090,
        dataDir: './data',
        logLevel: 'info',
        seed: 20260101,
        seedEntities: 5000,
        controls: false,
        oldSiteUrl: undefined,
        portalUrl: 'http://localhost:8080/',
        h5TestMode: false,
        h5TokenTtlSeconds: 1800,
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
      CREDIT_SERVICE_CONTROLS: 'on',
      OLD_SITE_URL: 'https://old.xyyz.example',
      GATEWAY_PORT: '9000',
      H5_TEST_MODE: 'on',
      H5_INFOTOKEN_TTL_SECONDS: '600',
      SMTP_URL: 'smtps://mailer:secret@mail.example.org:465',
      MAIL_FROM: '信用云州 <noreply@example.org>',
    });
    expect(settings).toEqual({
      host: '0.0.0.0',
      port: 9100,
      dataDir: '/var/lib/credit',
      logLevel: 'warn',
      seed: 5,
      seedEntities: 1_000_000,
      controls: true,
      oldSiteUrl: 'https://old.xyyz.example',
      // PORTAL_URL unset: the gateway of this deployment, on its own port.
      portalUrl: 'http://localhost:9000/',
      h5TestMode: true,
      h5TokenTtlSeconds: 600,
      smtpUrl: 'smtps://mailer:secret@mail.example.org:465',
      mailFrom: '信用云州 <noreply@example.org>',
    });
    expect(readSettings({ GATEWAY_PORT: '9000', PORTAL_URL: 'https://xyyz.example/' }).settings?.portalUrl).toBe(
      'https://xyyz.example/',
    );
  });

  it('reports one clear message per bad value', () => {
    const result = readSettings({
      CREDIT_SERVICE_PORT: '80a',
      SEED_ENTITIES: '0',
      LOG_LEVEL: 'loud',
      CREDIT_SERVICE_CONTROLS: 'maybe',
      OLD_SITE_URL: 'ftp://x',
      SMTP_URL: 'http://mailer:secret@mail.example.org',
    });
    expect(result.settings).toBeNull();
    expect(result.errors).toEqual([
      'CREDIT_SERVICE_PORT: must be an integer from 0 to 65535 (got "80a")',
      'SEED_ENTITIES: must be an integer from 1 to 10000000 (got "0")',
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      'CREDIT_SERVICE_CONTROLS: must be one of true, 1, yes, on, false, 0, no, off (got "maybe")',
      'OLD_SITE_URL: must use http or https (got "ftp:")',
      // The value is not repeated: it may hold a password.
      'SMTP_URL: must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.org:587',
    ]);
  });
});
