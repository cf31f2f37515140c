import type { Database } from 'better-sqlite3';
import { Converter } from 'opencc-js/t2cn';
import { pinyin } from 'pinyin-pro';
import { toHalfWidth } from '@credit-portal/shared';

/*
 * The search keys of an entity name that SQL cannot compute (migration 18): its pinyin, its
 * pinyin initials and its folded form. Libraries:
 * - pinyin-pro (MIT, maintained, no dependencies): reads polyphones in context (商行 shang hang,
 *   重庆 chong qing), which a per-character table cannot; ≈ 15 µs a name, so it runs once per
 *   name when the name is written, never per query.
 * - opencc-js (MIT/Apache-2.0, maintained port of OpenCC, the reference converter): traditional
 *   (Taiwan, Hong Kong and OpenCC's own variants) to mainland simplified, with OpenCC's character
 *   and phrase tables; ≈ 3 µs a keyword. A hand-made table would miss variants and need its own
 *   upkeep, and the converter only runs on the server (the SPA gets what to mark from the answer).
 *   Conversion keeps one character for one character, so positions in a folded name are
 *   positions in the name.
 */

const toSimplified = Converter({ from: 't', to: 'cn' });

/**
 * A text as the search compares it: full-width forms half-width (toHalfWidth), traditional
 * characters simplified, ASCII lower case. Applied to keywords and to names alike.
 */
export function foldText(text: string): string {
  return toSimplified(toHalfWidth(text)).toLowerCase();
}

/** One pinyin (or the character itself, for anything not Chinese) per character of `name`. */
export function pinyinSyllables(name: string): { full: string[]; initials: string[] } {
  const full = pinyin(name, { toneType: 'none', type: 'array', v: true });
  const initials = pinyin(name, { toneType: 'none', type: 'array', pattern: 'first', v: true });
  return { full, initials };
}

/** Letters and digits only, lower case: how pinyin is stored and how a pinyin keyword is compared. */
export const pinyinText = (parts: readonly string[]): string =>
  parts
    .join('')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

export interface EntitySearchKeys {
  pinyin: string;
  initials: string;
  /** The folded name, when it differs from the name (full-width brackets, traditional characters …). */
  folded: string | null;
  /** One pinyin per character, space-separated, '-' for a character without one. */
  syllables: string;
}

/** The keys of one name. */
export function entitySearchKeys(name: string): EntitySearchKeys {
  const folded = foldText(name);
  const { full, initials } = pinyinSyllables(folded);
  return {
    pinyin: pinyinText(full),
    initials: pinyinText(initials),
    folded: folded === name ? null : folded,
    syllables: full.map((p) => pinyinText([p]) || '-').join(' '),
  };
}

/** Names computed per transaction while draining the queue. */
const BATCH = 5000;

/**
 * The queue of names whose keys are due (filled by migration 18's triggers) and the work that
 * empties it. `drain()` computes every queued name's keys, in transactions of 5,000;
 * `pending()` is one probe of the queue's primary key.
 */
export function createEntitySearchKeys(db: Database) {
  const next = db.prepare(
    `SELECT p.entity_id AS id, e.name AS name FROM entity_search_pending p
     LEFT JOIN entities e ON e.id = p.entity_id ORDER BY p.entity_id LIMIT ?`,
  );
  const upsert = db.prepare(
    `INSERT INTO entity_search_keys (entity_id, pinyin, initials, folded, syllables) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (entity_id) DO UPDATE SET pinyin = excluded.pinyin, initials = excluded.initials,
       folded = excluded.folded, syllables = excluded.syllables`,
  );
  const remove = db.prepare('DELETE FROM entity_search_keys WHERE entity_id = ?');
  const done = db.prepare('DELETE FROM entity_search_pending WHERE entity_id = ?');
  const any = db.prepare('SELECT 1 FROM entity_search_pending LIMIT 1').pluck();
  const batch = db.transaction((rows: { id: number; name: string | null }[]) => {
    for (const { id, name } of rows) {
      if (name === null) remove.run(id);
      else {
        const keys = entitySearchKeys(name);
        upsert.run(id, keys.pinyin, keys.initials, keys.folded, keys.syllables);
      }
      done.run(id);
    }
  });
  return {
    pending: (): boolean => any.get() !== undefined,
    /** Computes the keys of every queued name; returns how many. */
    drain(): number {
      let count = 0;
      for (;;) {
        const rows = next.all(BATCH) as { id: number; name: string | null }[];
        if (rows.length === 0) return count;
        batch(rows);
        count += rows.length;
      }
    },
  };
}
