import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseSeriesFile, type AuditDigests, type AuditStorage } from '@credit-portal/shared';

/*
 * The audit writer's file I/O and hashing on Node (the writer itself is in @credit-portal/shared,
 * so the gateway and the command line run the same one). Appends go through one open handle per
 * file, each followed by fdatasync on the thread pool: a record whose promise resolved survives a
 * crash of the process or the machine.
 */

/** The series of an audit file, `<series>.<yyyy-mm-dd>.jsonl` (the name itself for any other). */
export const seriesOfFile = (name: string): string => parseSeriesFile(name)?.series ?? name;

/** AuditStorage on a directory (created when missing, mode 0700; files 0600). */
export async function nodeAuditStorage(dir: string): Promise<AuditStorage> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const handles = new Map<string, fs.FileHandle>();
  const handle = async (name: string): Promise<fs.FileHandle> => {
    let open = handles.get(name);
    if (!open) {
      // A series' previous day's file is done with once its next one is opened; the other
      // series' files (another stream's chain, being written at the same time) stay open.
      const series = seriesOfFile(name);
      for (const [other, h] of handles) {
        if (seriesOfFile(other) !== series) continue;
        handles.delete(other);
        await h.close();
      }
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
    async truncate(name, size) {
      await fs.truncate(path.join(dir, name), size);
    },
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
    async close() {
      for (const [name, h] of handles) {
        handles.delete(name);
        await h.close();
      }
    },
  };
}

/** The two keys the one audit key gives: one for the keyed hashes, one for the anchors' MACs. */
function derive(key: string, purpose: string): Buffer {
  return createHmac('sha256', key).update(`credit-portal audit ${purpose}`).digest();
}

/**
 * HMAC-SM3 (RFC 2104 over SM3, GM/T 0042) on OpenSSL's SM3, base64url. The record key is derived
 * from the audit key with HMAC-SM3 itself; the gateway derives it the same way, so one key checks
 * both services' chains.
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
