import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/*
 * Test material for the 信用服务 tests: files whose first bytes are what they claim (or not), and
 * multipart/form-data bodies built by hand for app.inject.
 */

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c63f8ffff3f0005fe02fea7d6a8a30000000049454e44ae426082',
  'hex',
);
/** A minimal PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
/** A JPEG's first bytes and some payload. */
export const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64), Buffer.from([0xff, 0xd9])]);
/** A Windows executable (MZ header), whatever name it is given. */
export const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), randomBytes(256)]);

export interface UploadFile {
  name: string;
  content: Buffer;
  /** The declared type (the service ignores it). */
  type?: string;
  field?: string;
}

/** A multipart/form-data body and its content-type header. */
export function multipart(
  fields: Record<string, string>,
  files: readonly UploadFile[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----credit${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const payload = Buffer.concat(parts);
  return {
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(payload.length) },
  };
}

/** Every file under a directory, relative to it (empty when it does not exist). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((name) => fs.statSync(path.join(dir, name)).isFile())
    .sort();
}
