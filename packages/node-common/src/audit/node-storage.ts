import { createHash, createHmac, randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseSeriesFile, type AuditDigests, type AuditHead } from './audit-chain.js';
import type { AuditFileText } from './audit-verify.js';
import type { AuditHeadStore, AuditStorage } from './audit-writer.js';

/*
 * The audit writer's file I/O and hashing on Node, the same for both services and their command
 * lines. One open handle per file; each append is followed by fdatasync on the thread pool, so a
 * record whose promise resolved survives a crash of the process or the machine.
 */

/** The series of an audit file, `<series>.<yyyy-mm-dd>.jsonl` (the name itself for any other). */
export const seriesOfFile = (name: string): string => parseSeriesFile(name)?.series ?? name;

/** AuditStorage on a directory (created when missing, mode 0700; files 0600). */
export async function nodeAuditStorage(dir: string): Promise<AuditStorage> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const handles = new Map<string, fs.FileHandle>();
  const closeAll = async () => {
    for (const [name, h] of handles) {
      handles.delete(name);
      await h.close();
    }
  };
  /**
   * Closes the earlier days' files of `name`'s series: a series' previous day's file is done with
   * once its next one is opened; the other series' files (another stream's chain, being written
   * at the same time) stay open.
   */
  const closeEarlier = async (name: string) => {
    const series = seriesOfFile(name);
    for (const [other, h] of handles) {
      if (seriesOfFile(other) !== series) continue;
      handles.delete(other);
      await h.close();
    }
  };
  const handle = async (name: string): Promise<fs.FileHandle> => {
    let open = handles.get(name);
    if (!open) {
      await closeEarlier(name);
      open = await fs.open(path.join(dir, name), 'a', 0o600);
      handles.set(name, open);
    }
    return open;
  };
  return {
    list: () => fs.readdir(dir),
    read: (name) => fs.readFile(path.join(dir, name), 'utf8'),
    async append(name, text) {
      const h = await handle(name);
      await h.write(text);
      await h.datasync();
    },
    truncate: (name, size) => fs.truncate(path.join(dir, name), size),
    size: (name) =>
      fs.stat(path.join(dir, name)).then(
        (s) => s.size,
        () => 0,
      ),
    async remove(name) {
      const h = handles.get(name);
      handles.delete(name);
      await h?.close();
      await fs.rm(path.join(dir, name), { force: true });
    },
    close: closeAll,
  };
}

/** The keys the one audit key gives, one per purpose (the anchors' MACs, the pseudonyms). */
function derive(key: string, purpose: string): Buffer {
  return createHmac('sha256', key).update(`credit-portal audit ${purpose}`).digest();
}

/**
 * HMAC-SM3 (RFC 2104 over SM3, GM/T 0042) on OpenSSL's SM3. The record key is derived from the
 * audit key with HMAC-SM3 itself, the same in both services, so one key checks both chains.
 */
export function hmacSm3(key: string | Buffer, text: string | Buffer): Buffer {
  return createHmac('sm3', key).update(text).digest();
}

/** SHA-256 of the chain, and with a key the anchors' MAC and the records' HMAC-SM3. */
export function auditDigests(key: string | null): AuditDigests {
  if (key === null) return { sha256: (text) => createHash('sha256').update(text).digest('base64url') };
  const anchorKey = derive(key, 'anchor');
  const recordKey = hmacSm3(key, 'credit-portal audit record');
  return {
    sha256: (text) => createHash('sha256').update(text).digest('base64url'),
    anchorMac: (text) => createHmac('sha256', anchorKey).update(text).digest('base64url'),
    recordMac: (text) => hmacSm3(recordKey, text).toString('base64url'),
  };
}

/**
 * The keyed hash of an identifier: `kind:` and 22 base64url characters (128 bits of
 * HMAC-SHA256). The same person gets the same reference in every record (so their records can be
 * found by whoever holds the key and the number) and no one without the key can test a guess.
 */
export function auditPseudonymizer(key: string): (kind: string, value: string) => string {
  const pseudonymKey = derive(key, 'pseudonym');
  return (kind, value) =>
    `${kind}:${createHmac('sha256', pseudonymKey).update(`${kind}\u0000${value}`).digest('base64url').slice(0, 22)}`;
}

/**
 * The key kept in a file beside AUDIT_DIR (never among the audit files) when AUDIT_KEY is unset:
 * made once (48 random bytes, mode 0600), then read.
 */
export async function generatedAuditKey(file: string): Promise<string> {
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs
      .writeFile(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' })
      .catch(() => undefined);
    return (await fs.readFile(file, 'utf8')).trim();
  }
}

/** The heads in a head file; null when there is none. */
export async function readAuditHeads(file: string): Promise<AuditHead[] | null> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    return null;
  }
  return Object.values(JSON.parse(text) as Record<string, AuditHead>);
}

/**
 * Chain heads kept in a file beside AUDIT_DIR (never among the audit files, like the key; the
 * gateway's, which has no database): replaced whole after each durable batch — written to a temporary file, synced, renamed —
 * so a crash leaves the old head or the new one, never half of one.
 */
export async function fileHeadStore(file: string): Promise<AuditHeadStore> {
  const heads = new Map((((await readAuditHeads(file)) ?? []) as AuditHead[]).map((h) => [h.series, h]));
  let writing: Promise<void> = Promise.resolve();
  const write = async () => {
    const temporary = `${file}.tmp`;
    const handle = await fs.open(temporary, 'w', 0o600);
    try {
      await handle.write(`${JSON.stringify(Object.fromEntries(heads))}\n`);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, file);
  };
  return {
    keep(head) {
      heads.set(head.series, head);
      writing = writing.catch(() => undefined).then(write);
      return writing;
    },
  };
}

/** What `audit verify` reads: every `.jsonl` file of a directory, or the one file named. */
export function auditFilesAt(target: string): AuditFileText[] {
  if (statSync(target).isDirectory()) {
    return readdirSync(target)
      .filter((name) => name.endsWith('.jsonl'))
      .map((name) => ({ name, text: readFileSync(path.join(target, name), 'utf8') }));
  }
  return [{ name: path.basename(target), text: readFileSync(target, 'utf8') }];
}
