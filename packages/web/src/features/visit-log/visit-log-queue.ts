import { v7 as uuidv7 } from 'uuid';
import {
  STORAGE_KEYS,
  VISIT_LOG_EVENT_ID_PATTERN,
  type VisitLogRecord,
  type WebVitalSample,
} from '@credit-portal/shared';
import { readStorageJson, writeStorageJson } from '@/lib/storage';
import { webVitalSample } from './web-vitals';

/**
 * One queued record and the id the queue removes it by once it is delivered: the record's event
 * id, which goes out with it on every attempt (the upstream stores each event id once).
 */
export interface QueuedVisit {
  id: string;
  record: VisitLogRecord;
}

/** At most this many records wait; beyond it the oldest are dropped (the intake accepts 500 per message). */
export const VISIT_LOG_QUEUE_LIMIT = 500;

/**
 * One Web Vitals sample waiting for the next batch, by the id the queue keeps it under: the
 * web-vitals metric id, local only (it replaces an unsent earlier value of the same metric and
 * never goes out — the sample is just name, value and section).
 */
export interface QueuedVital {
  id: string;
  sample: WebVitalSample;
}

/** At most this many samples wait (about 20 page views); beyond it the oldest are dropped. */
export const WEB_VITALS_QUEUE_LIMIT = 100;

const EVENT_ID = new RegExp(VISIT_LOG_EVENT_ID_PATTERN);
let counter = 0;

/**
 * A new event id (VisitLogRecordSchema's eventId: 8–64 of A-Za-z0-9_-): a UUIDv7, time-ordered,
 * so the store's unique index on event ids grows at its end instead of at random places (the
 * reference credit-service stores 4–5 times as many a second as with random v4 ids; see the
 * credit-service README). uuid draws its random bits from crypto.getRandomValues, which plain-HTTP
 * pages have too; in a browser without Web Crypto, the time (base 36, ordered), a counter and
 * Math.random — unique enough for one browser's records.
 */
export function newEventId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.getRandomValues === 'function') return uuidv7();
  const random = () => Math.random().toString(36).slice(2, 10).padEnd(8, '0');
  return `${Date.now().toString(36)}-${(counter++).toString(36)}-${random()}${random()}`;
}

/**
 * A stored entry with its record's event id: entries queued before event ids existed get their
 * queue id (same alphabet, stored with them, so stable across resends); when neither fits, the
 * record goes without one and the gateway makes it.
 */
const withEventId = (entry: QueuedVisit): QueuedVisit => {
  const { eventId, ...rest } = entry.record;
  if (typeof eventId === 'string' && EVENT_ID.test(eventId)) return entry;
  return { id: entry.id, record: EVENT_ID.test(entry.id) ? { ...rest, eventId: entry.id } : rest };
};

const isQueuedVisit = (value: unknown): value is QueuedVisit => {
  if (typeof value !== 'object' || value === null) return false;
  const { id, record } = value as Record<string, unknown>;
  if (typeof id !== 'string' || typeof record !== 'object' || record === null) return false;
  const { contentCode, param, visitTime } = record as Record<string, unknown>;
  return typeof contentCode === 'string' && typeof param === 'string' && typeof visitTime === 'string';
};

/** A stored sample the intake would still accept (a broken or altered value is dropped, not sent). */
const isQueuedVital = (value: unknown): value is QueuedVital => {
  if (typeof value !== 'object' || value === null) return false;
  const { id, sample } = value as Record<string, unknown>;
  if (typeof id !== 'string' || typeof sample !== 'object' || sample === null) return false;
  const { name, value: measured, section } = sample as Record<string, unknown>;
  if (typeof name !== 'string' || typeof measured !== 'number' || typeof section !== 'string') return false;
  return webVitalSample(name, measured, section) !== null && Object.keys(sample).length === 3;
};

/**
 * The visit-log queue, kept in localStorage so that records survive a reload or a closed tab
 * and are sent on the next visit. Every change is read-modify-write on the stored list, so
 * tabs of one browser share one queue.
 */
export interface VisitLogQueue {
  /** Commits a record to the queue, with its event id (made here when the record has none). */
  push(record: VisitLogRecord): void;
  /** The queued records, oldest first. */
  entries(): QueuedVisit[];
  /** Removes delivered records by id. */
  remove(ids: readonly string[]): void;
  /** Commits a Web Vitals sample (stored next to the records); a later value of the same id replaces it. */
  pushVital(id: string, sample: WebVitalSample): void;
  /** The waiting samples, oldest first. They leave only with a batch of records, never alone. */
  vitals(): QueuedVital[];
  /** Removes delivered samples by id. */
  removeVitals(ids: readonly string[]): void;
}

export function createVisitLogQueue(key: string = STORAGE_KEYS.visitLogQueue): VisitLogQueue {
  // When storage is refused (private mode, full quota) the queue lives in memory for this page.
  let memory: QueuedVisit[] = [];
  const read = (): QueuedVisit[] => {
    const stored = readStorageJson<unknown>(key);
    return Array.isArray(stored) ? stored.filter(isQueuedVisit).map(withEventId) : memory;
  };
  const write = (entries: QueuedVisit[]): void => {
    memory = entries;
    writeStorageJson(key, entries);
  };
  // The samples live under a key of their own: an older page reading the records' list finds it unchanged.
  const vitalsKey = `${key}.webVitals`;
  let vitalsMemory: QueuedVital[] = [];
  const readVitals = (): QueuedVital[] => {
    const stored = readStorageJson<unknown>(vitalsKey);
    return Array.isArray(stored) ? stored.filter(isQueuedVital) : vitalsMemory;
  };
  const writeVitals = (entries: QueuedVital[]): void => {
    vitalsMemory = entries;
    writeStorageJson(vitalsKey, entries);
  };
  return {
    push(record) {
      // The record's event id (made with the record) is its id in the queue too.
      const id = record.eventId ?? newEventId();
      const entries = [...read(), { id, record: { ...record, eventId: id } }];
      write(entries.slice(-VISIT_LOG_QUEUE_LIMIT));
    },
    entries: read,
    remove(ids) {
      if (ids.length === 0) return;
      const gone = new Set(ids);
      write(read().filter((entry) => !gone.has(entry.id)));
    },
    pushVital(id, sample) {
      const entries = readVitals();
      const at = entries.findIndex((entry) => entry.id === id);
      if (at >= 0) entries[at] = { id, sample };
      else entries.push({ id, sample });
      writeVitals(entries.slice(-WEB_VITALS_QUEUE_LIMIT));
    },
    vitals: readVitals,
    removeVitals(ids) {
      if (ids.length === 0) return;
      const gone = new Set(ids);
      writeVitals(readVitals().filter((entry) => !gone.has(entry.id)));
    },
  };
}
