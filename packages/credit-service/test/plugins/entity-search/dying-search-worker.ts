import searchEntities, { type EntitySearchTask } from '../../../src/repositories/entity-search-worker.js';

/**
 * The entity search worker, but one that dies in the middle of a search whose keyword starts with
 * 崩溃 — its thread ends as a crash of native code or an out-of-memory would end it (test/plugins/entity-search/pool.test.ts).
 */
export default function dyingSearch(task: EntitySearchTask) {
  if (task.keyword.startsWith('崩溃')) process.exit(1);
  return searchEntities(task);
}
