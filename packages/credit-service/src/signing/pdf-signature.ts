/*
 * The signature block of a report's PDF: a standard PDF incremental update (ISO 32000-1 7.5.6)
 * appended to the file exactly as it was rendered and signed. It holds a new document information
 * dictionary — the rendered one's entries (title, report number, key id, signing time, … all
 * inside the signed bytes) plus three lines of its own — a cross-reference section for that one
 * object and a trailer with /Prev, so viewers open the file as before and show the same pages:
 *
 *   N 0 obj
 *   <<
 *   /Title 12 0 R                       … the rendered Info dictionary's entries
 *   /CreditReportSignedLength 123456     the first 123456 bytes of the file are what was signed
 *   /CreditReportKeyId (64 hex)           SM3 of the signing key's SubjectPublicKeyInfo
 *   /CreditReportSignature (base64)       the SM2/SM3 signature, DER, over those bytes
 *   >>
 *   endobj
 *   xref / trailer / startxref / %%EOF
 *
 * One line each, so that a POSIX shell reads them with sed, `head -c LENGTH` gives back the signed
 * bytes, and `openssl dgst -sm3 -verify` checks them (docs/VERIFY.md). Written here rather than
 * with a PDF library: pdfkit writes a document once and cannot update one, and a general PDF
 * library would rewrite the file; the block is ~40 lines of text whose every byte is fixed by
 * (signed bytes, key id, signature), so a reader can rebuild it and compare, byte for byte.
 */

export const PDF_SIGNATURE_FIELDS = {
  signedLength: 'CreditReportSignedLength',
  keyId: 'CreditReportKeyId',
  signature: 'CreditReportSignature',
} as const;

/** The entries of the rendered (signed) Info dictionary the service adds; see ReportPdfOptions.signing. */
export const SIGNED_INFO_FIELDS = {
  reportNo: 'CreditReportNo',
  reportKind: 'CreditReportType',
  keyId: 'CreditReportKeyId',
  signedAt: 'CreditReportSignedAt',
  algorithm: 'CreditReportSignatureAlgorithm',
} as const;

/** Why a file's signature block could not be read (Chinese, for the answer). */
export class PdfSignatureFormatError extends Error {}

export const PDF_SIGNATURE_MESSAGES = {
  notPdf: '该文件不是PDF文件，请上传中心签发的信用报告PDF',
  unsigned: '该PDF文件未包含中心的电子签名，无法核验',
  broken: '该PDF文件的签名信息不完整或已被改动，无法核验',
} as const;

interface Trailer {
  size: number;
  root: string;
  info: number;
  id: string | null;
  startxref: number;
}

/** The last trailer and startxref of a PDF (as latin1 text), or null. */
function lastTrailer(text: string): Trailer | null {
  const at = text.lastIndexOf('trailer');
  if (at < 0) return null;
  const tail = text.slice(at);
  const match = /^trailer\s*<<([\s\S]*?)>>\s*startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!match) return null;
  const dict = match[1]!;
  const size = /\/Size (\d+)/.exec(dict);
  const root = /\/Root (\d+ \d+ R)/.exec(dict);
  const info = /\/Info (\d+) 0 R/.exec(dict);
  const id = /\/ID (\[<[0-9a-fA-F]*> ?<[0-9a-fA-F]*>\])/.exec(dict);
  if (!size || !root || !info) return null;
  return {
    size: Number(size[1]),
    root: root[1]!,
    info: Number(info[1]),
    id: id?.[1] ?? null,
    startxref: Number(match[2]),
  };
}

/*
 * Objects are found by plain searches, never by a regular expression over the file: the text is
 * an upload of up to 5 MiB, and an unanchored pattern retried at each of thousands of planted
 * object headers scanned to the end from every one of them (a 1 MB file held the event loop for
 * 10 s, 5 MB for minutes; security review). Each lookup below is one pass: its header's first
 * occurrence (the first, as the pattern found; a signed file, which the service rendered, has each
 * object once), then the first end after it.
 */

/** Where the body of the first object `n` opened by `opening` (at the start or after a newline) begins, or -1. */
function objectBody(text: string, n: number, opening: string): number {
  const header = `${n} 0 obj\n${opening}`;
  if (text.startsWith(header)) return header.length;
  const at = text.indexOf(`\n${header}`);
  return at < 0 ? -1 : at + 1 + header.length;
}

/** The entry lines (`/Key …`) of object `n`'s dictionary. */
function dictionaryLines(text: string, n: number): string[] | null {
  const start = objectBody(text, n, '<<\n');
  if (start < 0) return null;
  const end = text.indexOf('>>\nendobj', start);
  if (end < 0) return null;
  return text
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('/'));
}

const latin1 = (bytes: Buffer) => bytes.toString('latin1');

/**
 * The bytes appended after `signed` to carry its signature: fixed by its inputs, so that a reader
 * can rebuild them and compare.
 */
export function signatureBlock(signed: Buffer, keyId: string, signature: Buffer): Buffer {
  const text = latin1(signed);
  const trailer = lastTrailer(text);
  if (!trailer) throw new PdfSignatureFormatError(PDF_SIGNATURE_MESSAGES.broken);
  const entries = (dictionaryLines(text, trailer.info) ?? []).filter(
    (line) => !Object.values(PDF_SIGNATURE_FIELDS).some((name) => line.startsWith(`/${name} `)),
  );
  const n = trailer.size;
  const separator = signed[signed.length - 1] === 0x0a ? '' : '\n';
  const object = [
    `${n} 0 obj`,
    '<<',
    ...entries,
    `/${PDF_SIGNATURE_FIELDS.signedLength} ${signed.length}`,
    `/${PDF_SIGNATURE_FIELDS.keyId} (${keyId})`,
    `/${PDF_SIGNATURE_FIELDS.signature} (${signature.toString('base64')})`,
    '>>',
    'endobj',
    '',
  ].join('\n');
  const objectOffset = signed.length + separator.length;
  const xrefOffset = objectOffset + Buffer.byteLength(object, 'latin1');
  const tail = [
    'xref',
    `${n} 1`,
    `${String(objectOffset).padStart(10, '0')} 00000 n `,
    'trailer',
    '<<',
    `/Size ${n + 1}`,
    `/Root ${trailer.root}`,
    `/Info ${n} 0 R`,
    ...(trailer.id ? [`/ID ${trailer.id}`] : []),
    `/Prev ${trailer.startxref}`,
    '>>',
    'startxref',
    String(xrefOffset),
    '%%EOF',
    '',
  ].join('\n');
  return Buffer.from(separator + object + tail, 'latin1');
}

/** The signed file: `signed` followed by its signature block. */
export const appendSignature = (signed: Buffer, keyId: string, signature: Buffer): Buffer =>
  Buffer.concat([signed, signatureBlock(signed, keyId, signature)]);

export interface PdfSignature {
  /** The bytes the signature covers: the file as rendered. */
  signed: Buffer;
  keyId: string;
  /** DER. */
  signature: Buffer;
  /** The signed Info dictionary's entries the service wrote (report number, kind, key id, time). */
  info: Partial<Record<keyof typeof SIGNED_INFO_FIELDS, string>>;
}

/**
 * The longest Info string read: the service's are a report number, a kind, a key id and a time
 * (under 100 characters). A longer one is not the service's, and is not scanned to its end.
 */
const MAX_INFO_STRING = 1_024;

/** The literal string value of object `ref` (`(…)`, pdfkit's escapes undone), latin1. */
function stringObject(text: string, ref: number): string | null {
  const start = objectBody(text, ref, '(');
  if (start < 0) return null;
  // To the first parenthesis no backslash escapes: the string's end, which must close the object.
  const end = Math.min(text.length, start + MAX_INFO_STRING);
  for (let i = start; i < end; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i += 1;
    else if (c === 0x29) {
      return text.startsWith(')\nendobj', i) ? text.slice(start, i).replace(/\\(.)/g, '$1') : null;
    }
  }
  return null;
}

/**
 * Reads a file's signature block. Throws PdfSignatureFormatError (its message in Chinese) for a
 * file that is not a PDF, carries no block, or whose block is not exactly the one the service
 * writes for those signed bytes (moved, edited, truncated or followed by anything else).
 */
export function readSignature(file: Buffer): PdfSignature {
  if (file.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw new PdfSignatureFormatError(PDF_SIGNATURE_MESSAGES.notPdf);
  // The block is the file's last few kilobytes.
  const tail = latin1(file.subarray(Math.max(0, file.length - 16_384)));
  const field = (name: string, pattern: string) =>
    [...tail.matchAll(new RegExp(`\\n/${name} ${pattern}\\n`, 'g'))].at(-1)?.[1];
  const length = field(PDF_SIGNATURE_FIELDS.signedLength, '(\\d{1,10})');
  const keyId = field(PDF_SIGNATURE_FIELDS.keyId, '\\(([0-9a-f]{64})\\)');
  const signature = field(PDF_SIGNATURE_FIELDS.signature, '\\(([A-Za-z0-9+/]{1,200}={0,2})\\)');
  if (length === undefined && keyId === undefined && signature === undefined) {
    throw new PdfSignatureFormatError(PDF_SIGNATURE_MESSAGES.unsigned);
  }
  const signedLength = Number(length);
  if (!keyId || !signature || !(signedLength > 0 && signedLength < file.length)) {
    throw new PdfSignatureFormatError(PDF_SIGNATURE_MESSAGES.broken);
  }
  const signed = file.subarray(0, signedLength);
  const der = Buffer.from(signature, 'base64');
  let expected: Buffer;
  try {
    expected = signatureBlock(signed, keyId, der);
  } catch {
    throw new PdfSignatureFormatError(PDF_SIGNATURE_MESSAGES.broken);
  }
  if (!file.subarray(signedLength).equals(expected)) throw new PdfSignatureFormatError(PDF_SIGNATURE_MESSAGES.broken);
  const text = latin1(signed);
  const trailer = lastTrailer(text);
  const info: PdfSignature['info'] = {};
  // Each field is looked up once, at its first line: a file the service signed has each once, and
  // a file repeating a field thousands of times must not cost a lookup (a pass over it) each.
  const looked = new Set<string>();
  for (const line of (trailer && dictionaryLines(text, trailer.info)) ?? []) {
    const entry = /^\/(\w+) (\d+) 0 R$/.exec(line);
    const key = (Object.keys(SIGNED_INFO_FIELDS) as (keyof typeof SIGNED_INFO_FIELDS)[]).find(
      (k) => SIGNED_INFO_FIELDS[k] === entry?.[1],
    );
    if (!key || !entry || looked.has(key)) continue;
    looked.add(key);
    const value = stringObject(text, Number(entry[2]));
    if (value !== null) info[key] = value;
  }
  return { signed, keyId, signature: der, info };
}
