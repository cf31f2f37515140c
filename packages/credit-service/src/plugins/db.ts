import type { Database } from 'better-sqlite3';
import fp from 'fastify-plugin';
import { openDatabase } from '../db/open.js';
import { localToday } from '../lib/dates.js';
// The one product file that opens the demo wing's door (eslint.config.js keeps every other out).
import { ensureSeed, lockDemoAccounts } from '../seed/index.js';

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
  /** The day a new database's dates count back from (default: today). */
  seedAsOf?: string;
  /** The demo stand-ins are off: the demo accounts' published password is made unusable (seed/lock-demo-accounts.ts). */
  lockDemoAccounts?: boolean;
}

/**
 * Opens DATA_DIR/credit.sqlite, applies pending migrations, gives it the demo data set it lacks
 * (all of it when new, the parts of newer migrations when older: seed/index.ts, the only place
 * seeding starts besides the seed CLI), and closes it when the app closes.
 */
export default fp<DbPluginOptions>(
  async (app, options) => {
    const db = openDatabase(options.dataDir);
    try {
      ensureSeed(
        db,
        { seed: options.seed, entities: options.seedEntities, asOf: options.seedAsOf ?? localToday() },
        (counts, message) => app.log.info(counts, message),
      );
      if (options.lockDemoAccounts) {
        const locked = await lockDemoAccounts(db);
        if (locked > 0)
          app.log.warn({ locked }, 'demo stand-ins off: the demo accounts’ published password is disabled');
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
