import { workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import type { EntitySearchResult } from '@credit-portal/shared';
import { createEntitySearch } from './entity.js';

/*
 * One entity search worker (plugins/entity-search.ts starts a pool of them with piscina): the
 * search of repositories/entity.ts on a read-only connection of its own to the service's
 * database. WAL mode lets any number of readers run beside the one writer, so the searches in
 * flight run side by side instead of queueing for the main thread's one synchronous connection.
 */

/** What the pool gives every worker. */
export interface EntitySearchWorkerData {
  /** The service's database file (the main thread's connection's `db.name`). */
  databaseFile: string;
}

/** One search: a keyword already normalized (normalizeKeyword) and not empty; `limit` default ENTITY_SEARCH_LIMIT. */
export interface EntitySearchTask {
  keyword: string;
  limit?: number;
}

const { databaseFile } = workerData as EntitySearchWorkerData;
// Opened when the worker starts, so that a database it cannot read fails the start, not a search.
const db = new BetterSqlite3(databaseFile, { readonly: true, fileMustExist: true });
// A reader waits out the short moments a checkpoint holds the WAL, as the main connection does.
db.pragma('busy_timeout = 5000');
const searcher = createEntitySearch(db);

/** The task handler piscina calls: the answer of repositories/entity.ts, sent back by structured clone. */
export default function searchEntities(task: EntitySearchTask): EntitySearchResult[] {
  return searcher.search(task.keyword, task.limit);
}
