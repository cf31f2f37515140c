import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import {
  OPEN_DATA_MANIFEST_FILE,
  OPEN_DATASETS,
  openDataFileName,
  type OpenDataFile,
  type OpenDataManifest,
  type OpenDatasetDefinition,
} from '@credit-portal/shared';
import { dayNumber } from '../../lib/dates.js';
import type { OpenDataRecord, OpenDataSource } from './source.js';

/** The directory of the open-data files under DATA_DIR: one sub-directory per day. */
export const OPEN_DATA_DIR = 'open-data';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A day's directory being written; renamed into place when complete. */
const TEMP_PREFIX = '.tmp-';

/** UTF-8 byte order mark: spreadsheet programs (Excel) then read the CSV as UTF-8. */
const BOM = '\uFEFF';

/**
 * A cell as a spreadsheet must not run it: text starting with = + - @ (or a tab or carriage
 * return, which some programs skip before one) gets a leading apostrophe, so it stays text (OWASP
 * "CSV injection"). JSON Lines keep values as they are.
 */
export function neutralizeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A dataset's records as CSV: BOM, header row of field codes, RFC 4180 quoting and CRLF line ends. */
export function toCsv(dataset: OpenDatasetDefinition, records: readonly OpenDataRecord[]): string {
  const codes = dataset.fields.map((field) => field.code);
  const body = stringify(
    records.map((record) => codes.map((code) => neutralizeCell(record[code] ?? ''))),
    { header: true, columns: codes, record_delimiter: 'windows', quoted_match: /^\s|\s$/ },
  );
  return BOM + body;
}

/** A dataset's records as JSON Lines: one object per line, keys in field order. */
export function toJsonLines(dataset: OpenDatasetDefinition, records: readonly OpenDataRecord[]): string {
  return records
    .map((record) => JSON.stringify(Object.fromEntries(dataset.fields.map(({ code }) => [code, record[code] ?? '']))))
    .map((line) => `${line}\n`)
    .join('');
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** The directory of one day's files. */
export const dayDir = (root: string, date: string): string => path.join(root, date);

/** A day's manifest, or null when the day has no (complete) files. */
export function readManifest(root: string, date: string): OpenDataManifest | null {
  if (!DAY.test(date)) return null;
  try {
    return JSON.parse(
      fs.readFileSync(path.join(dayDir(root, date), OPEN_DATA_MANIFEST_FILE), 'utf8'),
    ) as OpenDataManifest;
  } catch {
    return null;
  }
}

/**
 * Writes the files of `date` (every dataset as CSV and JSON Lines, then the manifest) unless the
 * day has them already: idempotent. The day is written into a temporary directory and renamed
 * into place at once, so readers see all of a day's files or none; a process stopped half-way
 * leaves only a temporary directory, removed by the next run. Returns the day's manifest.
 */
export function writeOpenDataDay(
  root: string,
  date: string,
  source: OpenDataSource,
  now: Date = new Date(),
): { manifest: OpenDataManifest; written: boolean } {
  const existing = readManifest(root, date);
  if (existing) return { manifest: existing, written: false };
  fs.mkdirSync(root, { recursive: true });
  const temp = path.join(root, `${TEMP_PREFIX}${date}-${randomBytes(6).toString('hex')}`);
  fs.mkdirSync(temp);
  try {
    const datasets = OPEN_DATASETS.map((dataset) => {
      const records = source(dataset.id, date);
      const files: OpenDataFile[] = (
        [
          ['csv', toCsv(dataset, records)],
          ['jsonl', toJsonLines(dataset, records)],
        ] as const
      ).map(([format, text]) => {
        const bytes = Buffer.from(text, 'utf8');
        const name = openDataFileName(dataset.id, date, format);
        fs.writeFileSync(path.join(temp, name), bytes);
        return { format, name, bytes: bytes.length, sha256: sha256(bytes) };
      });
      return { id: dataset.id, rows: records.length, files };
    });
    const manifest: OpenDataManifest = { date, generatedAt: now.toISOString(), datasets };
    fs.writeFileSync(path.join(temp, OPEN_DATA_MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    try {
      fs.renameSync(temp, dayDir(root, date));
    } catch (error) {
      // Another run (a second process on the same DATA_DIR) put the day in place first: keep theirs.
      const theirs = readManifest(root, date);
      if (!theirs) throw error;
      fs.rmSync(temp, { recursive: true, force: true });
      return { manifest: theirs, written: false };
    }
    return { manifest, written: true };
  } catch (error) {
    fs.rmSync(temp, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Removes the days older than `retentionDays` before `today` (today is day 0), and temporary
 * directories of interrupted runs. Returns the names removed.
 */
export function pruneOpenData(root: string, today: string, retentionDays: number): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(root);
  } catch {
    return [];
  }
  const oldest = dayNumber(today) - retentionDays;
  const removed = names.filter(
    (name) => (DAY.test(name) && dayNumber(name) < oldest) || (name.startsWith(TEMP_PREFIX) && !name.includes(today)),
  );
  for (const name of removed) fs.rmSync(path.join(root, name), { recursive: true, force: true });
  return removed;
}
