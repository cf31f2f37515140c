import fs from 'node:fs/promises';
import fp from 'fastify-plugin';
import { countRequests } from '@credit-portal/node-common';
import { ServiceMetrics } from '../metrics/service-metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's Prometheus series (metrics/service-metrics.ts), scraped on the admin listener. */
    metrics: ServiceMetrics;
  }
}

export interface MetricsPluginOptions {
  /** DATA_DIR/credit.sqlite: its size and its write-ahead log's are read at scrape time. */
  databaseFile: string;
}

/** A file's size in bytes; 0 when it does not exist (no WAL right after a checkpoint and close). */
const sizeOf = (file: string): Promise<number> =>
  fs.stat(file).then(
    (stat) => stat.size,
    () => 0,
  );

/** The sizes of the SQLite database file and of its write-ahead log (`<file>-wal`), bytes. */
export async function databaseSizes(databaseFile: string): Promise<{ database: number; wal: number }> {
  const [database, wal] = await Promise.all([sizeOf(databaseFile), sizeOf(`${databaseFile}-wal`)]);
  return { database, wal };
}

/** Decorates the app with its metrics and counts every answered request by route pattern. */
export default fp<MetricsPluginOptions>(
  async (app, options) => {
    const metrics = new ServiceMetrics();
    app.decorate('metrics', metrics);
    metrics.addCollector(async () => {
      const { database, wal } = await databaseSizes(options.databaseFile);
      metrics.sqliteDatabaseBytes.set(database);
      metrics.sqliteWalBytes.set(wal);
    });
    countRequests(app, metrics);
  },
  { name: 'metrics' },
);
