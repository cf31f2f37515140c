import type { Database } from 'better-sqlite3';
import fp from 'fastify-plugin';
import { openDatabase } from '../db/open.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's SQLite database (better-sqlite3, WAL). */
    db: Database;
  }
}

export interface DbPluginOptions {
  dataDir: string;
}

/**
 * Opens DATA_DIR/credit.sqlite (created when new), applies pending migrations, and closes it when
 * the app closes. A new database is empty: the demo data set is the demo wing's (demo/plugin.ts,
 * or the seed command).
 */
export default fp<DbPluginOptions>(
  async (app, options) => {
    const db = openDatabase(options.dataDir);
    app.decorate('db', db);
    // The planner's statistics, as SQLite advises for a long-lived connection: once every plugin
    // has run (the demo's seed included), ANALYZE the tables that have none or have grown, each
    // read only in part (analysis_limit) so that a large database starts quickly; again at close.
    // The 双公示 search's plans were measured with statistics (BENCHMARKS.md).
    db.pragma('analysis_limit = 1000');
    app.addHook('onReady', async () => {
      db.pragma('optimize = 0x10002');
    });
    app.addHook('onClose', async () => {
      db.pragma('optimize');
      db.close();
    });
  },
  { name: 'db' },
);
