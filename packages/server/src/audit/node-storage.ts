import { createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  parseSeriesFile,
  type AuditDigests,
  type AuditHead,
  type AuditHeadStore,
  type AuditStorage,
} from '@credit-portal/shared';

/*
 * The gateway's audit files on Node (the writer and the verifier are @credit-portal/shared's,
 * the same as the credit-service's). One open handle per file; each append is followed by
 * fdatasync on the thread pool, so a record whose promise resolved survives a crash.
 */

/** The series of an audit file, `<series>.<yyyy-mm-dd>.jsonl` (the name itself for any other). */
const seriesOfFile = (name: string): string => parseSeriesFile(name)?.series ?? name;

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
  /** Closes the earlier days' files of `name`'s series (another series may be being written). */
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

/** HMAC-SM3 (RFC 2104 over SM3, GM/T 0042) on OpenSSL's SM3. */
export function hmacSm3(key: string | Buffer, text: string | Buffer): Buffer {
  return createHmac('sm3', key).update(text).digest();
}

/**
 * SHA-256 of the chain and, with a key, the anchors' MAC and the records' HMAC-SM3 (the
 * derivations the credit-service uses).
 */
export function auditDigests(key: string | null): AuditDigests {
  if (key === null) return { sha256: (text) => createHash('sha256').update(text).digest('base64url') };
  const anchorKey = createHmac('sha256', key).update('credit-portal audit anchor').digest();
  const recordKey = hmacSm3(key, 'credit-portal audit record');
  return {
    sha256: (text) => createHash('sha256').update(text).digest('base64url'),
    anchorMac: (text) => createHmac('sha256', anchorKey).update(text).digest('base64url'),
    recordMac: (text) => hmacSm3(recordKey, text).toString('base64url'),
  };
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
 * The gateway's chain heads, in a file beside AUDIT_DIR (never among the audit files, like the
 * key): replaced whole after each durable batch — written to a temporary file, synced, renamed —
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
