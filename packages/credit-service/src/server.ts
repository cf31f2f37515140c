import { readFileSync } from 'node:fs';
import { dropPrivileges, readProblem, resolveSecretFiles } from '@credit-portal/node-common';
import { startAdminListener } from './admin/listener.js';
import { buildApp } from './app.js';
import { readSettings, SECRET_SETTINGS } from './env.js';

/** How long a graceful shutdown may take before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

// Secrets may come as files only root can read (compose secrets, made however the operator made
// them): they are read first, then the process drops to RUN_AS_USER (the image's `node`).
const secrets = resolveSecretFiles(process.env, SECRET_SETTINGS, (file) => readFileSync(file, 'utf8'));
const { settings, errors } = readSettings(secrets.env);
if (!settings || secrets.problems.length > 0) {
  for (const error of [...secrets.problems, ...errors]) console.error(`credit-service: ${error}`);
  process.exit(1);
}
let reportSigningKeyPem: string | undefined;
if (settings.reportSigningKeyFile) {
  try {
    reportSigningKeyPem = readFileSync(settings.reportSigningKeyFile, 'utf8');
  } catch (error) {
    console.error(
      `credit-service: REPORT_SIGNING_KEY_FILE: 无法读取报告签名私钥文件 / cannot read the report-signing key file ${settings.reportSigningKeyFile} (${readProblem(error)})`,
    );
    process.exit(1);
  }
}
try {
  dropPrivileges(process, process.env.RUN_AS_USER);
} catch (error) {
  console.error(
    `credit-service: RUN_AS_USER: cannot switch to ${process.env.RUN_AS_USER} (${(error as Error).message})`,
  );
  process.exit(1);
}

const app = await buildApp({
  dataDir: settings.dataDir,
  seed: settings.seed,
  seedEntities: settings.seedEntities,
  logger: { level: settings.logLevel },
  oldSiteUrl: settings.oldSiteUrl,
  jwtSecret: settings.jwtSecret,
  sessionIdleSeconds: settings.sessionIdleSeconds,
  portalUrl: settings.portalUrl,
  reportSigningKey: settings.reportSigningKey,
  reportSigningKeyFile: settings.reportSigningKeyFile,
  reportSigningKeyPem,
  h5TestMode: settings.h5TestMode,
  h5TokenTtlSeconds: settings.h5TokenTtlSeconds,
  smtpUrl: settings.smtpUrl,
  mailFrom: settings.mailFrom,
  trustedProxies: settings.trustedProxies,
  demo: settings.demo,
  outboxPage: settings.outboxPage,
  rateLimits: settings.rateLimits,
  smsWebhookUrl: settings.smsWebhookUrl,
  smsWebhookToken: settings.smsWebhookToken,
  changesFeedToken: settings.changesFeedToken,
  audit: settings.audit,
  openData: settings.openData,
  followSchedule: settings.followSchedule ?? undefined,
  searchWorkers: settings.searchWorkers,
  // One thread checks uploaded reports' signatures, each file within the budget.
  signatureCheck: { threads: 1 },
  backup: settings.backup,
  webhooks: settings.webhooks,
  site: settings.site,
});

let stopping = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  timer.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGINT', (signal) => void shutdown(signal));
process.once('SIGTERM', (signal) => void shutdown(signal));

try {
  await app.listen({ host: settings.host, port: settings.port });
  // /metrics and the detailed /readyz: a listener of its own, never published.
  await startAdminListener(app, settings.admin);
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await app.close();
  process.exit(1);
}
