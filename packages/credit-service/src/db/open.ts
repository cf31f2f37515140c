import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { migrate } from './migrate.js';

/** The database file inside the data directory. */
export const DATABASE_FILE = 'credit.sqlite';

/** Opens (creating when missing) the service's database in WAL mode and brings its schema up to date. */
export function openDatabase(dataDir: string): Database {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new BetterSqlite3(path.join(dataDir, DATABASE_FILE));
  try {
    db.pragma('journal_mode = WAL');
    // WAL makes NORMAL durable against application crashes; only an OS crash can lose the last commits.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
