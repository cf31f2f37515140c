import { buildApp } from './app.js';
import { readSettings } from './env.js';

/** How long a graceful shutdown may take before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

const { settings, errors } = readSettings(process.env);
if (!settings) {
  for (const error of errors) console.error(`credit-service: ${error}`);
  process.exit(1);
}

const app = await buildApp({
  dataDir: settings.dataDir,
  seed: settings.seed,
  seedEntities: settings.seedEntities,
  logger: { level: settings.logLevel },
  controls: settings.controls,
  oldSiteUrl: settings.oldSiteUrl,
  jwtSecret: settings.jwtSecret,
  sessionIdleSeconds: settings.sessionIdleSeconds,
  portalUrl: settings.portalUrl,
  reportSigningKey: settings.reportSigningKey,
  reportSigningKeyFile: settings.reportSigningKeyFile,
  reviewToken: settings.reviewToken,
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
  audit: settings.audit,
  openData: settings.openData,
  followSchedule: settings.followSchedule ?? undefined,
  searchWorkers: settings.searchWorkers,
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
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await app.close();
  process.exit(1);
}
