import { createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseSeriesFile } from '@credit-portal/shared';
/*
 * The gateway's audit files on Node (the writer and the verifier are @credit-portal/shared's,
 * the same as the credit-service's). One open handle per file; each append is followed by
 * fdatasync on the thread pool, so a record whose promise resolved survives a crash.
 */
/** The series of an audit file, `<series>.<yyyy-mm-dd>.jsonl` (the name itself for any other). */
const seriesOfFile = (name) => parseSeriesFile(name)?.series ?? name;
/** AuditStorage on a directory (created when missing, mode 0700; files 0600). */
export async function nodeAuditStorage(dir) {
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const handles = new Map();
    const closeAll = async () => {
        for (const [name, h] of handles) {
            handles.delete(name);
            await h.close();
        }
    };
    /** Closes the earlier days' files of `name`'s series (another series may be being written). */
    const closeEarlier = async (name) => {
        const series = seriesOfFile(name);
        for (const [other, h] of handles) {
            if (seriesOfFile(other) !== series)
                continue;
            handles.delete(other);
            await h.close();
        }
    };
    const handle = async (name) => {
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
        size: (name) => fs.stat(path.join(dir, name)).then((s) => s.size, () => 0),
        async remove(name) {
            const h = handles.get(name);
            handles.delete(name);
            await h?.close();
            await fs.rm(path.join(dir, name), { force: true });
        },
        close: closeAll,
    };
}
/** SHA-256 of the chain and, with a key, the anchors' MAC (the derivation the credit-service uses). */
export function auditDigests(key) {
    const anchorKey = key === null ? null : createHmac('sha256', key).update('credit-portal audit anchor').digest();
    return {
        sha256: (text) => createHash('sha256').update(text).digest('base64url'),
        ...(anchorKey
            ? { anchorMac: (text) => createHmac('sha256', anchorKey).update(text).digest('base64url') }
            : {}),
    };
}
/**
 * The key kept in a file beside AUDIT_DIR (never among the audit files) when AUDIT_KEY is unset:
 * made once (48 random bytes, mode 0600), then read.
 */
export async function generatedAuditKey(file) {
    try {
        return (await fs.readFile(file, 'utf8')).trim();
    }
    catch {
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs
            .writeFile(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' })
            .catch(() => undefined);
        return (await fs.readFile(file, 'utf8')).trim();
    }
}
//# sourceMappingURL=node-storage.js.map