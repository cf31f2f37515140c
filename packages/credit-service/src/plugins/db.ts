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
    app.addHook('onClose', async () => {
      db.close();
    });
  },
  { name: 'db' },
);
