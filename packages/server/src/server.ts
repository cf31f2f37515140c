/**
 * The gateway process: reads the environment, builds the app, listens, and shuts down
 * gracefully on SIGTERM/SIGINT (stop accepting, finish in-flight requests, flush the visit-log
 * forwarder, close Redis and the upstream pools). The only file that touches process state.
 */
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type GatewayConfig } from './config.js';

let config: GatewayConfig;
try {
  config = loadConfig(process.env);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const app = await buildApp(config);

let shuttingDown = false;
async function shutdown(signal: string, exitCode = 0): Promise<void> {
  if (shuttingDown) {
    app.log.warn({ signal }, 'second signal: exiting now');
    process.exit(1);
  }
  shuttingDown = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'graceful shutdown timed out; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs + 2000);
  timer.unref();
  try {
    await app.close();
    app.log.info('shut down cleanly');
    process.exit(exitCode);
  } catch (err) {
    app.log.error({ err }, 'error while shutting down');
    process.exit(1);
  }
}

process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
// A rejection nobody handled is a bug to fix, not a reason to drop every in-flight request.
process.on('unhandledRejection', (reason) => {
  app.log.error({ err: reason }, 'unhandled promise rejection');
});
process.on('uncaughtException', (err) => {
  app.log.fatal({ err }, 'uncaught exception; shutting down');
  void shutdown('uncaughtException', 1);
});

try {
  await app.listen({ port: config.port, host: config.host });
  // /metrics and detailed /readyz: a separate listener, never behind the public balancer.
  await app.admin.listen({ port: config.admin.port, host: config.admin.host });
} catch (err) {
  app.log.fatal({ err }, 'could not start listening');
  await app.close().catch(() => undefined);
  process.exit(1);
}
