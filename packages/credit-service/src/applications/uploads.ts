import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import {
  FILING_FIELD_LABELS,
  SERVICE_MESSAGES,
  UPLOAD_FILE_FIELD,
  UPLOAD_FILE_TYPES,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
} from '@credit-portal/shared';
import { BAD_REQUEST_PREFIX, BadRequestError, PayloadTooLargeError, ServiceError } from '../lib/errors.js';

/*
 * Materials of a filing: multipart/form-data read part by part within the shared
 * limits, each file recognized by its first bytes (PDF, JPG, PNG — never by name or declared
 * type), written under a temporary name and moved into place only inside the filing's database
 * transaction. Whatever fails, the temporary and moved files are removed: no orphans.
 */

/** Limits of the multipart parser (@fastify/multipart), from the shared constants. */
export const MULTIPART_LIMITS = {
  fileSize: UPLOAD_MAX_FILE_BYTES,
  // One more than allowed, so that "too many" is told apart from "at the limit".
  files: UPLOAD_MAX_FILES + 1,
  fields: 20,
  fieldSize: 8 * 1024,
  parts: UPLOAD_MAX_FILES + 21,
  headerPairs: 200,
} as const;

type FileType = (typeof UPLOAD_FILE_TYPES)[number];

/** The file type a file's first bytes announce, or undefined. */
export function sniffFileType(head: Buffer): FileType | undefined {
  const is = (bytes: readonly number[]) => bytes.every((byte, i) => head[i] === byte);
  if (is([0x25, 0x50, 0x44, 0x46, 0x2d])) return UPLOAD_FILE_TYPES[0]; // %PDF-
  if (is([0xff, 0xd8, 0xff])) return UPLOAD_FILE_TYPES[1];
  if (is([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return UPLOAD_FILE_TYPES[2];
  return undefined;
}

/** A file received and checked, waiting under its temporary name. */
export interface ReceivedFile {
  fileName: string;
  tempPath: string;
  mimeType: string;
  extension: string;
  size: number;
  sha256: string;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  files: ReceivedFile[];
}

/** A name safe to show back: no directories, no control characters, at most 100 characters. */
function cleanFileName(name: string | undefined, extension: string): string {
  const base = [...path.basename((name ?? '').replace(/\\/g, '/'))]
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  return (base || `材料.${extension}`).slice(0, 100);
}

function multipartError(error: unknown): Error {
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new PayloadTooLargeError(SERVICE_MESSAGES.fileTooLarge);
    case 'FST_FILES_LIMIT':
      return new BadRequestError(SERVICE_MESSAGES.tooManyFiles);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new BadRequestError(SERVICE_MESSAGES.unknownField);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new BadRequestError(SERVICE_MESSAGES.notMultipart);
  }
  if (error instanceof ServiceError) return error;
  // Broken multipart bodies (busboy: unexpected end, malformed part headers).
  return new BadRequestError(`${BAD_REQUEST_PREFIX}${SERVICE_MESSAGES.notMultipart}`);
}

/** Removes files quietly (cleanup after a failure must not hide the failure). */
export function removeFiles(paths: Iterable<string>): void {
  for (const file of paths) {
    fs.rmSync(file, { force: true });
    inProgress.delete(file);
  }
}

/** Temporary files of uploads this process is handling (written, not yet moved into place or removed). */
const inProgress = new Set<string>();

/** Where interrupted uploads leave their temporary files: `<uploadsDir>/.incoming`. */
export const incomingDir = (dataDir: string): string => path.join(dataDir, 'uploads', '.incoming');

/**
 * Removes the `.part` files an interrupted upload left in `tempDir` (the process stopped between
 * writing them and moving them into place), at start; the files of uploads this process is
 * handling are kept. Returns how many were removed.
 */
export function removeStaleParts(tempDir: string): number {
  let names: string[];
  try {
    names = fs.readdirSync(tempDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(tempDir, name);
    if (!name.endsWith('.part') || inProgress.has(file)) continue;
    fs.rmSync(file, { force: true });
    removed += 1;
  }
  return removed;
}

/**
 * Reads a multipart request: text fields, and files in UPLOAD_FILE_FIELD written to
 * `tempDir`. `maxFiles` may be lower than the shared limit (report verification takes one).
 * Throws BadRequestError / PayloadTooLargeError in Chinese, with every temporary file removed.
 */
export async function receiveUpload(
  request: FastifyRequest,
  tempDir: string,
  maxFiles = UPLOAD_MAX_FILES,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new BadRequestError(SERVICE_MESSAGES.notMultipart);
  fs.mkdirSync(tempDir, { recursive: true });
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'field') {
        if (part.fieldname === UPLOAD_FILE_FIELD || typeof part.value !== 'string') {
          throw new BadRequestError(SERVICE_MESSAGES.unknownField);
        }
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== UPLOAD_FILE_FIELD) throw new BadRequestError(SERVICE_MESSAGES.unknownField);
      if (files.length >= maxFiles) {
        part.file.resume();
        throw new BadRequestError(maxFiles === UPLOAD_MAX_FILES ? SERVICE_MESSAGES.tooManyFiles : '只能上传一个文件');
      }
      // At most UPLOAD_MAX_FILE_BYTES: toBuffer throws FST_REQ_FILE_TOO_LARGE beyond it.
      const bytes = await part.toBuffer();
      if (bytes.length === 0) throw new BadRequestError(SERVICE_MESSAGES.emptyFile);
      const type = sniffFileType(bytes.subarray(0, 8));
      if (!type) throw new BadRequestError(SERVICE_MESSAGES.badFileType);
      const tempPath = path.join(tempDir, `${randomUUID()}.part`);
      fs.writeFileSync(tempPath, bytes, { flag: 'wx' });
      inProgress.add(tempPath);
      files.push({
        fileName: cleanFileName(part.filename, type.extension),
        tempPath,
        mimeType: type.type,
        extension: type.extension,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
    }
  } catch (error) {
    removeFiles(files.map((f) => f.tempPath));
    throw multipartError(error);
  }
  return { fields, files };
}

/** Field checks with the form's Chinese labels (FILING_FIELD_LABELS). */
export function checkFields<T>(schema: TSchema, fields: Record<string, string>): T {
  const check = compiled(schema);
  if (check.Check(fields)) return fields as T;
  const properties = (schema as { properties?: Record<string, unknown> }).properties ?? {};
  for (const name of Object.keys(fields)) {
    if (!(name in properties)) throw new BadRequestError(SERVICE_MESSAGES.unknownField);
  }
  const [issue] = check.Errors(fields);
  const raw = issue as unknown as { keyword: string; instancePath: string; params: Record<string, unknown> };
  const missing = (raw.params.requiredProperties as string[] | undefined)?.[0];
  const field = missing ?? raw.instancePath.replace(/^\//, '');
  const label = FILING_FIELD_LABELS[field as keyof typeof FILING_FIELD_LABELS] ?? field;
  const limit = raw.params.limit;
  switch (raw.keyword) {
    case 'required':
      throw new BadRequestError(`请填写${label}`);
    case 'minLength':
      throw new BadRequestError(
        limit === 1 || fields[field] === '' ? `请填写${label}` : `${label}至少${String(limit)}个字`,
      );
    case 'maxLength':
      throw new BadRequestError(`${label}不能超过${String(limit)}个字`);
    default:
      throw new BadRequestError(fields[field] === '' ? `请填写${label}` : `${label}格式不正确`);
  }
}

const checks = new WeakMap<TSchema, ReturnType<typeof Compile>>();
function compiled(schema: TSchema): ReturnType<typeof Compile> {
  let check = checks.get(schema);
  if (!check) {
    check = Compile(schema);
    checks.set(schema, check);
  }
  return check;
}

/**
 * Moves received files to their stored names under `uploadsDir` (called inside the filing's
 * transaction). On a failure the files already moved are removed again before it rethrows; the
 * caller removes the temporary ones.
 */
export function moveIntoPlace(
  files: readonly ReceivedFile[],
  storedNames: readonly string[],
  uploadsDir: string,
): void {
  const moved: string[] = [];
  try {
    files.forEach((file, i) => {
      const target = path.join(uploadsDir, storedNames[i]!);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.renameSync(file.tempPath, target);
      inProgress.delete(file.tempPath);
      moved.push(target);
    });
  } catch (error) {
    removeFiles(moved);
    throw error;
  }
}

/** A new stored name for a file: yyyymm/<uuid>.<ext> (never derived from what the client sent). */
export const storedNameFor = (file: ReceivedFile, at: string): string =>
  `${at.slice(0, 7).replace('-', '')}/${randomUUID()}.${file.extension}`;
