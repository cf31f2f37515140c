import { STORAGE_KEYS, type VisitLogRecord } from '@credit-portal/shared';
import { readStorageJson, writeStorageJson } from '@/lib/storage';

/** One queued record and the id the queue removes it by once it is delivered. */
export interface QueuedVisit {
  id: string;
  record: VisitLogRecord;
}

/** At most this many records wait; beyond it the oldest are dropped (the intake accepts 500 per message). */
export const VISIT_LOG_QUEUE_LIMIT = 500;

let counter = 0;
// crypto.randomUUID exists only in secure contexts; an id unique within this browser is enough.
const newId = (): string =>
  `${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

const isQueuedVisit = (value: unknown): value is QueuedVisit => {
  if (typeof value !== 'object' || value === null) return false;
  const { id, record } = value as Record<string, unknown>;
  if (typeof id !== 'string' || typeof record !== 'object' || record === null) return false;
  const { contentCode, param, visitTime } = record as Record<string, unknown>;
  return typeof contentCode === 'string' && typeof param === 'string' && typeof visitTime === 'string';
};

/**
 * The visit-log queue, kept in localStorage so that records survive a reload or a closed tab
 * and are sent on the next visit. Every change is read-modify-write on the stored list, so
 * tabs of one browser share one queue.
 */
export interface VisitLogQueue {
  /** Commits a record to the queue. */
  push(record: VisitLogRecord): void;
  /** The queued records, oldest first. */
  entries(): QueuedVisit[];
  /** Removes delivered records by id. */
  remove(ids: readonly string[]): void;
}

export function createVisitLogQueue(key: string = STORAGE_KEYS.visitLogQueue): VisitLogQueue {
  // When storage is refused (private mode, full quota) the queue lives in memory for this page.
  let memory: QueuedVisit[] = [];
  const read = (): QueuedVisit[] => {
    const stored = readStorageJson<unknown>(key);
    return Array.isArray(stored) ? stored.filter(isQueuedVisit) : memory;
  };
  const write = (entries: QueuedVisit[]): void => {
    memory = entries;
    writeStorageJson(key, entries);
  };
  return {
    push(record) {
      const entries = [...read(), { id: newId(), record }];
      write(entries.slice(-VISIT_LOG_QUEUE_LIMIT));
    },
    entries: read,
    remove(ids) {
      if (ids.length === 0) return;
      const gone = new Set(ids);
      write(read().filter((entry) => !gone.has(entry.id)));
    },
  };
}
