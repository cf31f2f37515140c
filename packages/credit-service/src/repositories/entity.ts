import type { Database, Statement } from 'better-sqlite3';
import {
  ENTITY_SEARCH_LIMIT,
  looksLikeCreditCode,
  type EntityMatchKind,
  type EntitySearchResult,
} from '@credit-portal/shared';
import { containsPattern } from '../lib/sql.js';
import { createEntitySearchKeys, foldText, pinyinSyllables, pinyinText } from './entity-search-keys.js';

const COLUMNS = `CAST(e.id AS TEXT) AS ID, e.name AS EntName, e.status AS Status, e.credit_code AS CreditCode,
  e.ent_type AS EntType, e.setup_date AS SetUpDate`;

/** Shortest keyword the trigram index can answer; two-character ones go to the bigram index. */
export const TRIGRAM_MIN_CHARS = 3;

/** Keyword length the bigram index answers (migration 13); single characters fall back to a bounded scan. */
export const BIGRAM_CHARS = 2;

/** Shortest keyword searched as pinyin or pinyin initials (`bjkj`) in both columns of the pinyin index. */
export const PINYIN_MIN_LETTERS = 3;

/**
 * Keyword length searched as pinyin initials only (`kj` for 科技): two letters are a common way to
 * type a two-character word, but as full pinyin they would hit inside every syllable (`an`, `ng`).
 */
export const INITIALS_PAIR_LETTERS = 2;

/** What may stand next to a pair of initials in a name's initials (pinyinText keeps a–z and 0–9). */
const INITIALS_NEIGHBOURS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The FTS5 query of names whose initials hold `pair`. The trigram index answers no phrase shorter
 * than three characters, so the pair is asked for as every trigram that holds it — the pair
 * followed or preceded by one more initial (every name has more than two characters) — in one OR
 * query read in rowid order, so that a common pair stops at the limit like any other phrase.
 */
function initialsPairQuery(pair: string): string {
  const grams = Array.from(INITIALS_NEIGHBOURS).flatMap((ch) => [`"${pair}${ch}"`, `"${ch}${pair}"`]);
  return `initials : (${grams.join(' OR ')})`;
}

/** Characters a near match may differ by, by keyword length (spaces not counted): 1 from 4, 2 from 7. */
export function fuzzyDistance(chars: number): number {
  return chars >= 7 ? 2 : chars >= 4 ? 1 : 0;
}

/**
 * Index rows a multi-word search reads at most for its driving word (the rarest): a search whose
 * words are all very common and seldom together stops there instead of reading on.
 */
export const MULTI_WORD_SCAN_BUDGET = 50_000;

/** Words are counted up to this many index rows to pick the rarest; beyond, the longer word drives. */
export const WORD_COUNT_CAP = 5000;

/** A near-match gram's posting list is read up to this many entities (the rarest grams are picked). */
export const FUZZY_GRAM_CAP = 2500;

/** Near-match candidates (most grams in common first) whose names are compared with the keyword. */
export const FUZZY_CANDIDATES = 300;

/** Near matches listed at most: enough to suggest from and to scan; they follow every other hit. */
export const NEAR_MATCH_LIMIT = 50;

/**
 * Near matches are looked for only while the other ways found fewer hits than this: a keyword that
 * finds a page of companies as typed is not a mistyped name, and the search of a name as typed
 * keeps its cost (the near-match pass made the 3–8 character class 2.6× slower at p95 when it ran
 * for every keyword; bench/search).
 */
export const NEAR_MATCH_BELOW = 10;

/** A keyword that may be the start of a credit code (digits and code letters only). */
const CODE_PREFIX = /^[0-9A-HJ-NPQRTUWXY]{6,17}$/;

/** A keyword that may be a person's name: two to six Chinese characters (a middle dot for minority names). */
const PERSON_NAME = /^[\u3400-\u9fff][\u3400-\u9fff·]{1,5}$/u;

/** An FTS5 phrase: the keyword in double quotes, inner quotes doubled, so no character is an operator. */
const ftsPhrase = (keyword: string): string => `"${keyword.replaceAll('"', '""')}"`;

/** Half-width ASCII punctuation back to full width, as registered names spell brackets: （有限合伙）. */
const toFullWidthPunctuation = (text: string): string =>
  text.replace(/[!-/:-@[-`{-~]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));

type Row = EntitySearchResult & { Folded?: string | null; Syllables?: string };

/**
 * Semi-global edit distance (Sellers): the fewest substitutions, insertions and deletions that
 * turn `pattern` into some substring of `text`, and that substring's start and end.
 */
export function nearestSubstring(pattern: readonly string[], text: readonly string[]) {
  const m = pattern.length;
  let prev = new Array<number>(text.length + 1).fill(0);
  let prevStart = Array.from({ length: text.length + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = new Array<number>(text.length + 1);
    const curStart = new Array<number>(text.length + 1);
    cur[0] = i;
    curStart[0] = 0;
    for (let j = 1; j <= text.length; j++) {
      const sub = prev[j - 1]! + (pattern[i - 1] === text[j - 1] ? 0 : 1);
      const del = prev[j]! + 1;
      const ins = cur[j - 1]! + 1;
      if (sub <= del && sub <= ins) {
        cur[j] = sub;
        curStart[j] = prevStart[j - 1]!;
      } else if (del <= ins) {
        cur[j] = del;
        curStart[j] = prevStart[j]!;
      } else {
        cur[j] = ins;
        curStart[j] = curStart[j - 1]!;
      }
    }
    prev = cur;
    prevStart = curStart;
  }
  // Fewest edits; among those, the substring closest to the pattern's length (a substitution
  // rather than a deletion: 佳天科技 for 佳天科枝, not 佳天科).
  let best = { distance: m, start: 0, end: 0 };
  for (let j = 1; j <= text.length; j++) {
    const start = prevStart[j]!;
    const closer = Math.abs(j - start - m) < Math.abs(best.end - best.start - m);
    if (prev[j]! < best.distance || (prev[j]! === best.distance && closer))
      best = { distance: prev[j]!, start, end: j };
  }
  return best;
}

/** Where `word` (folded) occurs in `name` (its folded form `folded`): the name's own characters there. */
function spelled(name: string, folded: string, word: string): string | null {
  const at = folded.indexOf(word);
  if (at < 0) return null;
  // Folding keeps one character for one character: the same code point positions in the name.
  const start = Array.from(folded.slice(0, at)).length;
  return Array.from(name)
    .slice(start, start + Array.from(word).length)
    .join('');
}

/**
 * The characters of `name` whose pinyin or initials spell `letters` (the last syllable may be cut
 * short), or null; `syllables` is the stored pinyin of each character (migration 18).
 */
function pinyinSpelled(name: string, syllables: string, letters: string, initialsOnly = false): string | null {
  const chars = Array.from(name);
  const full = syllables.split(' ').map((p) => (p === '-' ? '' : p));
  for (let i = 0; i < chars.length; i++) {
    let whole = '';
    let first = '';
    for (let j = i; j < chars.length; j++) {
      whole += full[j] ?? '';
      first += (full[j] ?? '').slice(0, 1);
      if (first === letters || (!initialsOnly && whole.startsWith(letters))) return chars.slice(i, j + 1).join('');
      // Neither spelling can still become the keyword: the next start.
      if (!letters.startsWith(whole) && !letters.startsWith(first)) break;
    }
  }
  return null;
}

/**
 * Entity search by name, credit code, legal representative or pinyin, forgiving, built
 * to stay fast at a million entities. Keywords and names are compared folded (foldText: full-width
 * half-width, traditional simplified, ASCII lower case); each kind of match has its own access path:
 * - a code-shaped keyword: exact lookup on the UNIQUE credit_code index (a wrong check digit
 *   is searched all the same; real codes exist that fail it); 6–17 code characters: a prefix range;
 * - names, one word: 3+ characters the trigram FTS5 index, 2 the bigram index (ASCII case folded,
 *   as LIKE does), 1 a LIKE scan that stops at `limit` hits — and the trigram index of the folded
 *   names that differ from their name (migration 18), so （有限合伙） and 華泰 find their names;
 * - names, several words (any order): the rarest word's index drives, read in id order, and the
 *   other words filter the rows, stopping at `limit` hits or MULTI_WORD_SCAN_BUDGET index rows;
 * - a legal representative's full name: the index on entities.legal_rep;
 * - 3+ letters: the trigram index of the names' pinyin and pinyin initials (migration 18); 2 letters:
 *   the initials alone (`kj` 科技), through the same index;
 * - near matches of a one-word keyword, 4+ characters: candidates by the bigram index (the 2k+1
 *   rarest of the keyword's bigrams: with k wrong characters at most 2k bigrams break, so one of
 *   them holds; each read up to FUZZY_GRAM_CAP entities) and by the keyword's pinyin (homophones),
 *   verified by edit distance ≤ fuzzyDistance() to a substring of the name.
 * Results, at most `limit`: code hits, then names (the exact name, names starting with the keyword,
 * the rest, each by id), legal representatives', pinyin hits, near matches (fewest edits first).
 * Every row says how it matched (`Match`) and what of its name to mark (`Highlights`).
 * It only reads, so a read-only connection runs it too (a search worker's, plugins/entity-search.ts);
 * the keys of names queued since they were last computed are not looked at: createEntityRepository
 * computes them on the service's own connection.
 */
export function createEntitySearch(db: Database) {
  const byCode = db.prepare(`SELECT ${COLUMNS} FROM entities e WHERE e.credit_code = ?`);
  const byCodePrefix = db.prepare(
    `SELECT ${COLUMNS} FROM entities e WHERE e.credit_code >= ? AND e.credit_code < ? ORDER BY e.credit_code LIMIT ?`,
  );
  const byTrigram = db.prepare(
    `SELECT ${COLUMNS} FROM entities e
     WHERE e.id IN (SELECT rowid FROM entities_fts WHERE entities_fts MATCH ? LIMIT ?)`,
  );
  // The index drives (a subquery in FROM): an IN (…) on the keys table would scan it.
  const byFoldedTrigram = db.prepare(
    `SELECT ${COLUMNS}, k.folded AS Folded
     FROM (SELECT rowid AS id FROM entity_folded_fts WHERE entity_folded_fts MATCH ? LIMIT ?) f
     JOIN entity_search_keys k ON k.entity_id = f.id JOIN entities e ON e.id = f.id`,
  );
  const byBigram = db.prepare(
    `SELECT ${COLUMNS} FROM entities e
     WHERE e.id IN (SELECT entity_id FROM entity_bigrams WHERE gram = lower(?) ORDER BY entity_id LIMIT ?)`,
  );
  const byLike = db.prepare(`SELECT ${COLUMNS} FROM entities e WHERE e.name LIKE ? ESCAPE '\\' LIMIT ?`);
  const byLegalRep = db.prepare(`SELECT ${COLUMNS} FROM entities e WHERE e.legal_rep = ? ORDER BY e.id LIMIT ?`);
  const byPinyin = db.prepare(
    `SELECT ${COLUMNS}, k.syllables AS Syllables
     FROM (SELECT rowid AS id FROM entity_pinyin_fts WHERE entity_pinyin_fts MATCH ? ORDER BY rowid LIMIT ?) f
     JOIN entity_search_keys k ON k.entity_id = f.id JOIN entities e ON e.id = f.id`,
  );
  const countTrigram = db
    .prepare('SELECT COUNT(*) FROM (SELECT 1 FROM entities_fts WHERE entities_fts MATCH ? LIMIT ?)')
    .pluck();
  const countBigram = db
    .prepare('SELECT COUNT(*) FROM (SELECT 1 FROM entity_bigrams WHERE gram = lower(?) LIMIT ?)')
    .pluck();
  const gramPosting = db
    .prepare('SELECT entity_id FROM entity_bigrams WHERE gram = ? ORDER BY entity_id LIMIT ?')
    .pluck();
  const rowsById = db.prepare(
    `SELECT ${COLUMNS}, k.folded AS Folded FROM json_each(?) j JOIN entities e ON e.id = j.value
     LEFT JOIN entity_search_keys k ON k.entity_id = e.id`,
  );
  const homophones = db
    .prepare('SELECT rowid FROM entity_pinyin_fts WHERE entity_pinyin_fts MATCH ? ORDER BY rowid LIMIT ?')
    .pluck();
  // The folded names of some rows, in one statement (most names have none: they are their own folded form).
  const foldedOf = db.prepare(
    `SELECT k.entity_id AS id, k.folded AS folded FROM json_each(?) j
     JOIN entity_search_keys k ON k.entity_id = j.value WHERE k.folded IS NOT NULL`,
  );

  /**
   * Multi-word statements by shape (driver kind, then per filter word the number of its bigram
   * probes): the probes (index lookups on the driver's entity id, rarest word first) throw out
   * most rows before the name is read; instr() on the name then confirms each word.
   */
  const multiWord = new Map<string, Statement>();
  const multiWordStatement = (driver: 'fts' | 'folded' | 'bigram' | 'scan', probes: readonly number[]): Statement => {
    const key = `${driver}:${probes.join(',')}`;
    let statement = multiWord.get(key);
    if (!statement) {
      const source = {
        fts: 'SELECT rowid AS id FROM entities_fts WHERE entities_fts MATCH ? ORDER BY rowid',
        folded: 'SELECT rowid AS id FROM entity_folded_fts WHERE entity_folded_fts MATCH ? ORDER BY rowid',
        bigram: 'SELECT entity_id AS id FROM entity_bigrams WHERE gram = lower(?) ORDER BY entity_id',
        scan: 'SELECT id FROM entities WHERE ? IS NOT NULL ORDER BY id',
      }[driver];
      const probe = 'EXISTS (SELECT 1 FROM entity_bigrams b WHERE b.gram IN (?, ?) AND b.entity_id = x.id)';
      const probing = probes.flatMap((n) => Array.from({ length: n }, () => probe)).join(' AND ');
      const confirming = probes
        .map(() => "(instr(lower(e.name), ?) > 0 OR instr(coalesce(k.folded, ''), ?) > 0)")
        .join(' AND ');
      // The probes run inside the driver's subquery, on ids alone: only their survivors read a name.
      statement = db.prepare(
        `SELECT ${COLUMNS}, k.folded AS Folded
         FROM (SELECT x.id FROM (${source} LIMIT ${MULTI_WORD_SCAN_BUDGET}) x WHERE ${probing || '1'} LIMIT ${MULTI_WORD_SCAN_BUDGET}) d
         JOIN entities e ON e.id = d.id LEFT JOIN entity_search_keys k ON k.entity_id = e.id
         WHERE ${confirming || '1'} LIMIT ?`,
      );
      multiWord.set(key, statement);
    }
    return statement;
  };

  /** The parameters of multiWordStatement's filters for `words`: bigram probes (both spellings), then the words. */
  const filterParameters = (words: readonly string[]) => {
    const probes = words.map((word) => {
      const chars = Array.from(word);
      const wide = Array.from(toFullWidthPunctuation(word));
      // Up to four distinct bigrams a name holding the word must hold (as it is spelled, or with full-width punctuation).
      const pairs = new Map<string, string>();
      for (let i = 0; i + 1 < chars.length && pairs.size < 4; i++) {
        pairs.set(chars[i]! + chars[i + 1]!, (wide[i]! + wide[i + 1]!).toLowerCase());
      }
      return [...pairs];
    });
    return {
      shape: probes.map((p) => p.length),
      values: [...probes.flat(2), ...words.flatMap((word) => [word, word])],
    };
  };

  /** Entities whose (folded) names hold one word, with the raw spelling of brackets tried too. */
  function oneWord(word: string, limit: number): Row[] {
    const chars = Array.from(word).length;
    const spellings = [...new Set([word, toFullWidthPunctuation(word)])];
    const rows: Row[] = [];
    if (chars >= TRIGRAM_MIN_CHARS) {
      rows.push(...(byTrigram.all(ftsPhrase(word), limit) as Row[]));
      rows.push(...(byFoldedTrigram.all(ftsPhrase(word), limit) as Row[]));
    } else {
      for (const spelling of spellings) {
        rows.push(
          ...((chars === BIGRAM_CHARS
            ? byBigram.all(spelling, limit)
            : byLike.all(containsPattern(spelling), limit)) as Row[]),
        );
      }
    }
    return rows;
  }

  /** Entities whose (folded) names hold every word, in id order. */
  function allWords(words: string[], limit: number): Row[] {
    // The bigram index holds names as registered: a two-character word with a bracket is looked up
    // in both widths, as oneWord does (`伙） 州市` found nothing while `伙）` alone found 200).
    const spellings = (word: string): string[] => [...new Set([word, toFullWidthPunctuation(word)])];
    // The rarest word drives; the count stops at the scan budget, so it costs what the word is worth.
    const estimate = (word: string): number => {
      const chars = Array.from(word).length;
      if (chars >= TRIGRAM_MIN_CHARS) return countTrigram.get(ftsPhrase(word), WORD_COUNT_CAP) as number;
      if (chars === BIGRAM_CHARS) {
        return spellings(word).reduce((n, spelling) => n + (countBigram.get(spelling, WORD_COUNT_CAP) as number), 0);
      }
      return Infinity;
    };
    const ranked = words
      .map((word) => ({ word, n: estimate(word) }))
      .sort((a, b) => a.n - b.n || Array.from(b.word).length - Array.from(a.word).length);
    const driver = ranked[0]!;
    if (driver.n === 0 && Array.from(driver.word).length < TRIGRAM_MIN_CHARS) return [];
    const others = ranked.slice(1).map((r) => r.word);
    const filters = filterParameters(others);
    const chars = Array.from(driver.word).length;
    const rows: Row[] = [];
    if (chars >= TRIGRAM_MIN_CHARS) {
      const phrase = ftsPhrase(driver.word);
      rows.push(...(multiWordStatement('fts', filters.shape).all(phrase, ...filters.values, limit) as Row[]));
      rows.push(...(multiWordStatement('folded', filters.shape).all(phrase, ...filters.values, limit) as Row[]));
    } else if (chars === BIGRAM_CHARS) {
      for (const spelling of spellings(driver.word)) {
        rows.push(...(multiWordStatement('bigram', filters.shape).all(spelling, ...filters.values, limit) as Row[]));
      }
    } else {
      const all = filterParameters(words);
      rows.push(...(multiWordStatement('scan', all.shape).all(1, ...all.values, limit) as Row[]));
    }
    return rows;
  }

  /** Near matches of `text` (no spaces) that no other path found. */
  function nearMatches(text: string, exclude: ReadonlySet<string>, limit: number): { row: Row; highlight: string }[] {
    const chars = Array.from(text);
    const k = fuzzyDistance(chars.length);
    if (k === 0) return [];
    const grams = [...new Set(chars.slice(0, -1).map((ch, i) => ch + chars[i + 1]!))];
    // The 2k+1 rarest grams (a gram no name holds counts as the rarest); one of them holds in every near match.
    // The bigram index holds names as registered: full-width brackets are looked up as such too.
    const spellings = (gram: string): string[] => [...new Set([gram, toFullWidthPunctuation(gram)])];
    // Counted first (stopping at the cap, no ids leave SQLite), then only the rarest are read.
    const rarest = grams
      .map((gram) => ({
        gram,
        n: spellings(gram).reduce((sum, g) => sum + (countBigram.get(g, FUZZY_GRAM_CAP) as number), 0),
      }))
      .sort((a, b) => a.n - b.n)
      .slice(0, 2 * k + 1);
    // A candidate's score: the grams it holds, each weighing 1 / its count, so that one rare gram
    // (佳天) outweighs any number of common ones (有限) and its names are compared first.
    const score = new Map<number, number>();
    for (const { gram, n } of rarest) {
      for (const id of spellings(gram).flatMap((g) => gramPosting.all(g, FUZZY_GRAM_CAP) as number[])) {
        score.set(id, (score.get(id) ?? 0) + 1 / Math.max(1, n));
      }
    }
    const candidates: number[] = [...score]
      .filter(([id]) => !exclude.has(String(id)))
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, FUZZY_CANDIDATES)
      .map(([id]) => id);
    // Homophones: the commonest typo of a pinyin input method is another character of the same
    // sound (佳添 for 佳天). Names with the keyword's pinyin initials hold them, whatever their
    // bigrams; the initials index answers that in about a millisecond.
    if (chars.every((ch) => /[\u3400-\u9fff]/u.test(ch))) {
      const initials = pinyinText(pinyinSyllables(text).initials);
      for (const id of homophones.all(`initials : ${ftsPhrase(initials)}`, FUZZY_CANDIDATES) as number[]) {
        if (!exclude.has(String(id)) && !score.has(id)) candidates.push(id);
      }
    }
    if (candidates.length === 0) return [];
    const found: { row: Row; highlight: string; distance: number; overlap: number }[] = [];
    for (const row of rowsById.all(JSON.stringify(candidates)) as Row[]) {
      const folded = row.Folded ?? row.EntName.toLowerCase();
      const near = nearestSubstring(chars, Array.from(folded));
      if (near.distance > k) continue;
      const highlight = Array.from(row.EntName).slice(near.start, near.end).join('');
      found.push({ row, highlight, distance: near.distance, overlap: score.get(Number(row.ID)) ?? 0 });
    }
    found.sort((a, b) => a.distance - b.distance || b.overlap - a.overlap || Number(a.row.ID) - Number(b.row.ID));
    return found.slice(0, limit);
  }

  return {
    /** Entities matching an already normalized (normalizeKeyword), non-empty keyword; at most `limit` of them. */
    search(keyword: string, limit: number = ENTITY_SEARCH_LIMIT): EntitySearchResult[] {
      const found = new Map<string, EntitySearchResult>();
      const add = (rows: Row[], match: EntityMatchKind, highlights?: (row: Row) => string[] | null) => {
        for (const { Folded, Syllables, ...row } of rows) {
          if (found.size >= limit || found.has(row.ID)) continue;
          const marks = highlights?.({ ...row, Folded, Syllables });
          found.set(row.ID, { ...row, Match: match, ...(marks && marks.length > 0 ? { Highlights: marks } : {}) });
        }
      };
      if (looksLikeCreditCode(keyword)) {
        add(byCode.all(keyword) as Row[], 'code');
      } else if (CODE_PREFIX.test(keyword.toUpperCase())) {
        // The upper bound: the prefix followed by a character above every code character.
        const prefix = keyword.toUpperCase();
        add(byCodePrefix.all(prefix, `${prefix}~`, limit) as Row[], 'code');
      }
      const folded = foldText(keyword);
      const words = [...new Set(folded.split(' ').filter((word) => word.length > 0))];
      if (words.length === 0) return [...found.values()];
      const whole = words.join(' ');

      // A legal representative's full name: looked up first, so that names holding the same
      // characters (金海 is a name and a trade name) leave room for every one of their entities.
      const represented =
        words.length === 1 && PERSON_NAME.test(words[0]!) ? (byLegalRep.all(words[0]!, limit) as Row[]) : [];
      // Names: every word, in any order.
      if (found.size < limit) {
        const room = Math.max(0, limit - found.size - represented.length);
        const rows = words.length === 1 ? oneWord(words[0]!, room) : allWords(words, room);
        const unknown = rows.filter((row) => row.Folded === undefined).map((row) => Number(row.ID));
        const foldedNames = new Map(
          (foldedOf.all(JSON.stringify(unknown)) as { id: number; folded: string }[]).map((r) => [
            String(r.id),
            r.folded,
          ]),
        );
        const foldedName = (row: Row) => row.Folded ?? foldedNames.get(row.ID) ?? row.EntName;
        const rank = (row: Row): number => {
          const name = foldedName(row).toLowerCase();
          return name === whole ? 0 : name.startsWith(words[0]!) ? 1 : 2;
        };
        const withRank = rows.map((row) => ({ row, rank: rank(row) }));
        withRank.sort((a, b) => a.rank - b.rank || Number(a.row.ID) - Number(b.row.ID));
        add(
          withRank.slice(0, room).map((r) => r.row),
          'name',
          (row) => {
            const name = foldedName(row).toLowerCase();
            return words.map((word) => spelled(row.EntName, name, word)).filter((s): s is string => s !== null);
          },
        );
      }
      add(represented, 'legalRep');
      // Pinyin and pinyin initials: letters only, spaces between syllables allowed; two letters: initials only.
      const letters = folded.replace(/ /g, '').replace(/ü/g, 'v');
      if (found.size < limit && /^[a-z]+$/.test(letters) && letters.length >= PINYIN_MIN_LETTERS) {
        add(byPinyin.all(`{pinyin initials} : ${ftsPhrase(letters)}`, limit) as Row[], 'pinyin', (row) => {
          const marked = pinyinSpelled(row.EntName, row.Syllables ?? '', letters);
          return marked ? [marked] : null;
        });
      } else if (found.size < limit && /^[a-z]+$/.test(letters) && letters.length === INITIALS_PAIR_LETTERS) {
        add(byPinyin.all(initialsPairQuery(letters), limit) as Row[], 'pinyin', (row) => {
          const marked = pinyinSpelled(row.EntName, row.Syllables ?? '', letters, true);
          return marked ? [marked] : null;
        });
      }
      // Near matches of a one-word keyword: one or two characters wrong, missing or extra.
      if (found.size < Math.min(limit, NEAR_MATCH_BELOW) && words.length === 1) {
        const near = nearMatches(words[0]!, new Set(found.keys()), Math.min(NEAR_MATCH_LIMIT, limit - found.size));
        for (const { row, highlight } of near) add([row], 'fuzzy', () => [highlight]);
      }
      return [...found.values()];
    },
  };
}

/**
 * The entity search on the service's own (writable) connection: the names queued by migration 18's
 * triggers get their search keys at start (a new or migrated database: all of them) and before a
 * search whenever any are queued, so a search sees every name as it is now.
 */
export function createEntityRepository(db: Database) {
  const keys = createEntitySearchKeys(db);
  keys.drain();
  const searcher = createEntitySearch(db);
  /** Computes the keys of the names queued since the last time (one primary-key probe when none are). */
  const computePendingKeys = (): void => {
    if (keys.pending()) keys.drain();
  };
  return {
    computePendingKeys,
    /** Entities matching an already normalized (normalizeKeyword), non-empty keyword; at most `limit` of them. */
    search(keyword: string, limit: number = ENTITY_SEARCH_LIMIT): EntitySearchResult[] {
      computePendingKeys();
      return searcher.search(keyword, limit);
    },
  };
}

export type EntityRepository = ReturnType<typeof createEntityRepository>;
