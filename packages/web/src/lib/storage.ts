/*
 * Browser storage that never throws: private browsing modes and full quotas make localStorage
 * fail, and a portal page must still render when they do.
 */

type Area = 'local' | 'session';

function area(kind: Area): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored string, or null when absent or unreadable. */
export function readStorage(key: string, kind: Area = 'local'): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores a string; false when the browser refused. */
export function writeStorage(key: string, value: string, kind: Area = 'local'): boolean {
  try {
    const storage = area(kind);
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Removes a key; silently does nothing when storage is unavailable. */
export function removeStorage(key: string, kind: Area = 'local'): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // Nothing stored means nothing to remove.
  }
}

/** The stored JSON value, or null when absent or not valid JSON. */
export function readStorageJson<T>(key: string, kind: Area = 'local'): T | null {
  const raw = readStorage(key, kind);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Stores a value as JSON; false when the browser refused. */
export function writeStorageJson(key: string, value: unknown, kind: Area = 'local'): boolean {
  return writeStorage(key, JSON.stringify(value), kind);
}
