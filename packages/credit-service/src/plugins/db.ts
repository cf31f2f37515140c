import type { Database } from 'better-sqlite3';
import fp from 'fastify-plugin';
import { openDatabase } from '../db/open.js';
import { isSeeded, writeSeed } from '../seed/generate.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's SQLite database (better-sqlite3, WAL). */
    db: Database;
  }
}

export interface DbPluginOptions {
  dataDir: string;
  seed: number;
  seedEntities: number;
}

/**
 * Opens DATA_DIR/credit.sqlite, applies pending migrations, seeds a new database once, and
 * closes it when the app closes.
 */
export default fp<DbPluginOptions>(
  async (app, options) => {
    const db = openDatabase(options.dataDir);
    try {
      if (!isSeeded(db)) {
        const started = performance.now();
        const summary = writeSeed(db, { seed: options.seed, entities: options.seedEntities });
        app.log.info({ ...summary, ms: Math.round(performance.now() - started) }, 'seeded a new database');
      }
    } catch (error) {
      db.close();
      throw error;
    }
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      db.close();
    });
  },
  { name: 'db' },
);
