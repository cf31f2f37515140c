import type { Database } from 'better-sqlite3';
import fp from 'fastify-plugin';
import { openDatabase } from '../db/open.js';
import { isSeeded, writeSeed } from '../seed/generate.js';
import { localToday } from '../lib/dates.js';
import { ensureDisclosureSeed } from '../seed/disclosure.js';
import { ensureHetaoSeed } from '../seed/hetao.js';
import { ensurePortalSeed } from '../seed/portal.js';

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
  /** The day a new database's dates count back from: licences, penalties, disclosure lists (default: today). */
  seedAsOf?: string;
}

/**
 * Opens DATA_DIR/credit.sqlite, applies pending migrations, seeds a new database once (and fills
 * the portal pages' tables of one seeded before migration 5), and closes it when the app closes.
 */
export default fp<DbPluginOptions>(
  async (app, options) => {
    const db = openDatabase(options.dataDir);
    try {
      if (!isSeeded(db)) {
        const started = performance.now();
        const summary = writeSeed(db, {
          seed: options.seed,
          entities: options.seedEntities,
          asOf: options.seedAsOf ?? localToday(),
        });
        app.log.info({ ...summary, ms: Math.round(performance.now() - started) }, 'seeded a new database');
      }
      // A database seeded before migration 5 gets the portal tables' data now, once.
      const filled = ensurePortalSeed(db);
      if (filled && Object.values(filled).some((n) => n > 0)) app.log.info(filled, 'filled the portal page tables');
      // The disclosure lists (migration 7), dated back from the day they are written.
      const disclosed = ensureDisclosureSeed(db, options.seedAsOf ?? localToday());
      if (Object.values(disclosed).some((n) => n > 0)) app.log.info(disclosed, 'filled the disclosure lists');
      // 信用河套's member list (migration 9), likewise.
      const members = ensureHetaoSeed(db, options.seedAsOf ?? localToday());
      if (members > 0) app.log.info({ members }, 'filled the Hetao member list');
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
