import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import {
  OPEN_DATA_MANIFEST_FILE,
  OPEN_DATA_MANIFEST_SIGNATURE_FILE,
  OPEN_DATASETS,
  openDataFileName,
  type OpenDataFile,
  type OpenDataManifest,
  type OpenDataManifestChanges,
  type OpenDatasetDefinition,
} from '@credit-portal/shared';
import { dayNumber } from '../../lib/dates.js';
import type { ReportSigner } from '../../signing/report-signer.js';
import type { OpenDataRecord, OpenDataSource } from './source.js';

/** The directory of the open-data files under DATA_DIR: one sub-directory per day. */
export const OPEN_DATA_DIR = 'open-data';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A day's directory being written; renamed into place when complete. */
const TEMP_PREFIX = '.tmp-';
/** A day's directory being replaced by a rewrite; removed once the new one is in place. */
const OLD_PREFIX = '.old-';

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

/** The newest manifest of a day before `date` that counts changes (the previous day's, or the last one written before it). */
export function previousManifest(root: string, date: string): OpenDataManifest | null {
  let names: string[];
  try {
    names = fs.readdirSync(root);
  } catch {
    return null;
  }
  for (const name of names
    .filter((n) => DAY.test(n) && n < date)
    .sort()
    .reverse()) {
    const manifest = readManifest(root, name);
    if (manifest?.changes) return manifest;
  }
  return null;
}

/** Signs a manifest's bytes with the centre's SM2 key (the report signer's): the DER signature. */
export interface ManifestSigner {
  algorithm: string;
  keyId: string;
  sign(bytes: Buffer): Buffer;
}

/** The report signer as a manifest's: the same key and signature, over the manifest's bytes. */
export const manifestSignerOf = (signer: Pick<ReportSigner, 'algorithm' | 'keyId' | 'signText'>): ManifestSigner => ({
  algorithm: signer.algorithm,
  keyId: signer.keyId,
  // The manifest is UTF-8 text: signText signs exactly its bytes.
  sign: (bytes) => Buffer.from(signer.signText(bytes.toString('utf8')), 'base64'),
});

/** What a day's manifest says beside its files. */
export interface DayOptions {
  now: Date;
  /** The changes of the feed since the previous day's manifest. */
  changes: OpenDataManifestChanges;
  signer: ManifestSigner;
  /**
   * The day's current manifest, to be replaced (a withdrawal during the day): written as the
   * next revision, unless another run replaced it first. Unset: the day is written only if missing.
   */
  replace?: OpenDataManifest;
}

/** True when the manifest is complete as this version writes it (a revision, its changes, a signature). */
export const isCurrentFormat = (manifest: OpenDataManifest): boolean =>
  Number.isInteger(manifest.revision) && manifest.changes !== undefined && manifest.signature !== undefined;

/**
 * Writes the files of `date` (every dataset as CSV and JSON Lines, then the manifest and its
 * signature) unless the day has them already — or, given `replace`, as its next revision. The day
 * is written into a temporary directory and renamed into place at once, so readers see all of a
 * day's files or none; a rewrite moves the old directory aside and the new one in, two renames in
 * one synchronous step (this process's requests never see the gap). A process stopped half-way
 * leaves only a temporary directory, removed by the next run. Returns the day's manifest.
 */
export function writeOpenDataDay(
  root: string,
  date: string,
  source: OpenDataSource,
  options: DayOptions,
): { manifest: OpenDataManifest; written: boolean } {
  const existing = readManifest(root, date);
  const replace = options.replace;
  if (existing && (!replace || existing.generatedAt !== replace.generatedAt)) {
    return { manifest: existing, written: false };
  }
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
    const manifest: OpenDataManifest = {
      date,
      generatedAt: options.now.toISOString(),
      revision: existing ? (Number.isInteger(existing.revision) ? existing.revision : 1) + 1 : 1,
      datasets,
      changes: options.changes,
      signature: {
        algorithm: options.signer.algorithm,
        keyId: options.signer.keyId,
        file: OPEN_DATA_MANIFEST_SIGNATURE_FILE,
      },
    };
    const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
    fs.writeFileSync(path.join(temp, OPEN_DATA_MANIFEST_FILE), text);
    fs.writeFileSync(path.join(temp, OPEN_DATA_MANIFEST_SIGNATURE_FILE), options.signer.sign(text));
    const target = dayDir(root, date);
    const aside = existing ? path.join(root, `${OLD_PREFIX}${date}-${randomBytes(6).toString('hex')}`) : null;
    try {
      if (aside) fs.renameSync(target, aside);
      fs.renameSync(temp, target);
    } catch (error) {
      // Another run (a second process on the same DATA_DIR) put the day in place first: keep theirs.
      if (aside && !fs.existsSync(target) && fs.existsSync(aside)) fs.renameSync(aside, target);
      const theirs = readManifest(root, date);
      if (!theirs) throw error;
      fs.rmSync(temp, { recursive: true, force: true });
      return { manifest: theirs, written: false };
    }
    if (aside) fs.rmSync(aside, { recursive: true, force: true });
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
    (name) =>
      (DAY.test(name) && dayNumber(name) < oldest) ||
      ((name.startsWith(TEMP_PREFIX) || name.startsWith(OLD_PREFIX)) && !name.includes(today)),
  );
  for (const name of removed) fs.rmSync(path.join(root, name), { recursive: true, force: true });
  return removed;
}
