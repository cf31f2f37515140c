import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, type Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/*
 * File primitives of the backup sets: checksums, copies made durable before a set is renamed into
 * place, and the copy of a file another process is appending to.
 */

/** Mode of backup folders and files: they hold the service's secrets and residents' data. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** SHA-256 (hex) and size of a file, read as a stream. */
export async function fileDigest(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Flushes a file (or a folder's entries) to disk: a set renamed into place must not be half on disk. */
export async function syncPath(target: string): Promise<void> {
  const handle = await fs.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Copies a regular file into a set or a staging folder: a new file, private, and flushed. */
export async function copyPrivate(from: string, to: string): Promise<void> {
  await fs.mkdir(path.dirname(to), { recursive: true, mode: PRIVATE_DIR_MODE });
  await fs.copyFile(from, to, fs.constants.COPYFILE_EXCL);
  await fs.chmod(to, PRIVATE_FILE_MODE);
  await syncPath(to);
}

/** Writes a new private file and flushes it. */
export async function writePrivate(file: string, content: string | Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  await fs.writeFile(file, content, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  await syncPath(file);
}

/** Bytes read from the end of a file at a time while looking for its last line break. */
const TAIL_CHUNK = 64 * 1024;

/** The length of a file's complete lines among its first `size` bytes (0 when no line ends there). */
async function completeLinesLength(handle: fs.FileHandle, size: number): Promise<number> {
  const buffer = Buffer.alloc(TAIL_CHUNK);
  let end = size;
  while (end > 0) {
    const start = Math.max(0, end - TAIL_CHUNK);
    const { bytesRead } = await handle.read(buffer, 0, end - start, start);
    const at = buffer.subarray(0, bytesRead).lastIndexOf(0x0a);
    if (at >= 0) return start + at + 1;
    end = start;
  }
  return 0;
}

/**
 * Copies the complete lines of a file that may be being appended to (an audit file): what the
 * file held when the copy started, cut after its last line break, so that a record being written
 * at that moment is left out whole rather than copied torn. Returns the bytes copied, or null when
 * the file vanished first (pruned).
 */
export async function copyCompleteLines(from: string, to: string): Promise<number | null> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(from, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    const length = await completeLinesLength(handle, size);
    await fs.mkdir(path.dirname(to), { recursive: true, mode: PRIVATE_DIR_MODE });
    const out = createWriteStream(to, { flags: 'wx', mode: PRIVATE_FILE_MODE });
    if (length === 0) {
      out.end();
      await new Promise<void>((resolve, reject) => out.on('finish', resolve).on('error', reject));
    } else {
      await pipeline(handle.createReadStream({ start: 0, end: length - 1, autoClose: false }), out);
    }
    await syncPath(to);
    return length;
  } finally {
    await handle.close();
  }
}

/**
 * The regular files under a folder, relative to it ('/'-separated), sorted; with `skipHidden`,
 * entries starting with '.' at its top are left out (uploads/.incoming: uploads being received).
 */
export async function regularFilesUnder(root: string, skipHidden = false): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string, relative: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (skipHidden && relative === '' && entry.name.startsWith('.')) continue;
      const name = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), name);
      else if (entry.isFile()) out.push(name);
    }
  };
  await walk(root, '');
  return out.sort();
}

/** True when a path exists (a dangling link counts). */
export const pathExists = (target: string): Promise<boolean> =>
  fs.lstat(target).then(
    () => true,
    () => false,
  );

/** Flushes a folder and every folder under it (their entries: the names of the files copied). */
export async function syncTree(dir: string): Promise<void> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) await syncTree(path.join(dir, entry.name));
  }
  await syncPath(dir);
}
