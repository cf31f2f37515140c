/**
 * The gateway process: reads the environment, builds the app, listens, and shuts down
 * gracefully on SIGTERM/SIGINT (stop accepting, finish in-flight requests, flush the visit-log
 * forwarder, close Redis and the upstream pools). The only file that touches process state.
 * With GATEWAY_WORKERS > 1 this process is the node:cluster primary (workers.ts) and each worker
 * runs this same file as a gateway.
 */
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dropPrivileges, resolveSecretFiles } from '@credit-portal/node-common';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, SECRET_SETTINGS, type GatewayConfig } from './config.js';
import { runPrimary, serveWorker } from './workers.js';

// Secrets may come as files (compose secrets, readable by root only): read them, then drop to
// RUN_AS_USER (the image's `node`) before anything else runs. Workers are forked with the values
// in their environment, as they can no longer read the files.
const secrets = resolveSecretFiles(process.env, SECRET_SETTINGS, (file) => readFileSync(file, 'utf8'));
if (secrets.problems.length > 0) {
  console.error(new ConfigError(secrets.problems).message);
  process.exit(1);
}
for (const name of SECRET_SETTINGS) {
  if (secrets.env[name] !== undefined) process.env[name] = secrets.env[name];
  delete process.env[`${name}_FILE`];
}
try {
  dropPrivileges(process, process.env.RUN_AS_USER);
} catch (err) {
  console.error(`RUN_AS_USER: cannot switch to ${process.env.RUN_AS_USER} (${(err as Error).message})`);
  process.exit(1);
}

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

if (config.workers > 1 && cluster.isPrimary) {
  await runPrimary(config);
} else {
  await runGateway(config);
}

async function runGateway(config: GatewayConfig): Promise<void> {
  const worker = cluster.isWorker ? (process.env.GATEWAY_WORKER_ID ?? String(cluster.worker?.id ?? 0)) : null;
  // One writer per audit chain (plugins/audit.ts): each worker writes its own under AUDIT_DIR.
  const app = await buildApp(
    worker === null
      ? config
      : { ...config, audit: { ...config.audit, dir: path.join(config.audit.dir, `worker-${worker}`) } },
  );
  const log = worker === null ? app.log : app.log.child({ worker: Number(worker) });

  let shuttingDown = false;
  async function shutdown(signal: string, exitCode = 0): Promise<void> {
    if (shuttingDown) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    shuttingDown = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      log.error({ timeoutMs: config.shutdownTimeoutMs }, 'graceful shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + 2000);
    timer.unref();
    try {
      await app.close();
      log.info('shut down cleanly');
      process.exit(exitCode);
    } catch (err) {
      log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  }

  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // A rejection nobody handled is a bug to fix, not a reason to drop every in-flight request.
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled promise rejection');
  });
  process.on('uncaughtException', (err) => {
    log.fatal({ err }, 'uncaught exception; shutting down');
    void shutdown('uncaughtException', 1);
  });
  if (worker !== null) {
    // The primary's request (or its loss) starts the same graceful shutdown, once: a terminal's
    // Ctrl-C reaches the workers too, and must not count as their second signal.
    serveWorker(app, (reason) => {
      if (!shuttingDown) void shutdown(reason);
    });
  }

  try {
    await app.listen({ port: config.port, host: config.host });
    // /metrics and detailed /readyz: a separate listener, never behind the public balancer. With
    // workers the primary serves it for all of them (workers.ts).
    if (worker === null) await app.admin.listen({ port: config.admin.port, host: config.admin.host });
  } catch (err) {
    log.fatal({ err }, 'could not start listening');
    await app.close().catch(() => undefined);
    process.exit(1);
  }
}
