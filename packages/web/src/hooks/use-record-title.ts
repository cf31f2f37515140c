import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/** The name of the record a page shows (an article's title, a company, a decision), for one navigation. */
export interface RecordName {
  /** The navigation's location key: a name belongs to the page it was set on. */
  key: string;
  name: string;
}

let current: RecordName | null = null;
const listeners = new Set<() => void>();

function setRecordName(next: RecordName | null): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The record name set on the current page, if any (the route guard puts it in the title). */
export const useRecordName = (): RecordName | null =>
  useSyncExternalStore(
    subscribe,
    () => current,
    // A pre-rendered frame names no record.
    () => null,
  );

/**
 * Names the record a details page shows, once its data is there: the title becomes
 * 信用云州 - <name> - <section>, so that a tab, a bookmark or the history
 * says which article, company or record it is. Leaving the page takes the name away.
 */
export function useRecordTitle(name: string | null | undefined): void {
  const { key } = useLocation();
  const trimmed = name?.trim() ?? '';
  useEffect(() => {
    if (!trimmed) return;
    setRecordName({ key, name: trimmed });
    return () => {
      if (current?.key === key && current.name === trimmed) setRecordName(null);
    };
  }, [key, trimmed]);
}
