import fs from 'node:fs';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { API_PATHS, type ReportSigningKeys } from '@credit-portal/shared';
import { generatePrivateKeyPem, keyFingerprint, parsePrivateKeyPem, parsePublicKeyPem, publicKeyPem } from './keys.js';
import { PdfSignatureFormatError, appendSignature, type PdfSignature } from './pdf-signature.js';
import { sameThreadChecker, type SignatureChecker } from './signature-checker.js';
import { SM2_ALGORITHM, SM2_DEFAULT_ID, sm2Sign, sm2Verify, type Sm2KeyPair } from './sm2.js';
import type { ServiceMetrics } from '../metrics/service-metrics.js';

/*
 * The centre's report-signing key: an SM2 key pair read from REPORT_SIGNING_KEY_FILE
 * (a PEM file as OpenSSL writes it). Without one — a laptop or a test — a demo key is generated
 * once into DATA_DIR and announced with a warning on every start; env.ts refuses to start a
 * production-like service (demo stand-ins off) without a key file, so no such key ever signs for
 * real residents. Every public key that has signed is kept in report_signing_keys (its id: SM3 of
 * the SPKI DER) and published, so that after a rotation old reports still verify.
 */

/** The demo key's file in DATA_DIR (never used when REPORT_SIGNING_KEY_FILE is set). */
export const DEMO_SIGNING_KEY_FILE = 'report-signing-key.demo.pem';

export interface SigningKey extends Sm2KeyPair {
  keyId: string;
  /** Where it came from: REPORT_SIGNING_KEY_FILE, or the demo key of DATA_DIR. */
  source: 'file' | 'demo';
  file: string;
}

/** A published public key. */
export interface PublishedKey {
  keyId: string;
  algorithm: string;
  publicKeyPem: string;
  /** ISO 8601. */
  validFrom: string;
  /** ISO 8601; null while it is the current key. */
  validTo: string | null;
  current: boolean;
}

/** The configured key, or the demo key of DATA_DIR (made on first use). Throws a clear message for a bad file. */
export function loadSigningKey(options: {
  keyFile?: string;
  /** The file's content, read by server.ts before the process dropped its privileges. */
  keyPem?: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): SigningKey {
  if (options.keyFile) {
    let pem: string;
    try {
      pem = options.keyPem ?? fs.readFileSync(options.keyFile, 'utf8');
    } catch (error) {
      throw new Error(
        `REPORT_SIGNING_KEY_FILE: 无法读取报告签名私钥文件 / cannot read the report-signing key file ${options.keyFile} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
    let keys: Sm2KeyPair;
    try {
      keys = parsePrivateKeyPem(pem);
    } catch (error) {
      throw new Error(
        `REPORT_SIGNING_KEY_FILE: 不是 SM2 私钥 / not an SM2 private key (${(error as Error).message}); make one with: openssl genpkey -algorithm SM2 -out report-signing.pem`,
      );
    }
    return { ...keys, keyId: keyFingerprint(keys.publicKey), source: 'file', file: options.keyFile };
  }
  const file = path.join(options.dataDir, DEMO_SIGNING_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    fs.writeFileSync(file, generatePrivateKeyPem(), { mode: 0o600, flag: 'wx' });
  }
  const keys = parsePrivateKeyPem(fs.readFileSync(file, 'utf8'));
  const keyId = keyFingerprint(keys.publicKey);
  options.log.warn(
    { keyId, file },
    '报告签名使用演示密钥 / REPORT SIGNING USES A DEMO KEY generated on this machine: reports signed with it prove nothing to anyone else. For a laptop or a test bench only — set REPORT_SIGNING_KEY_FILE to the centre’s SM2 key',
  );
  return { ...keys, keyId, source: 'demo', file };
}

interface KeyRow {
  keyId: string;
  algorithm: string;
  publicKeyPem: string;
  validFrom: string;
  validTo: string | null;
}

const KEY_COLUMNS =
  'key_id AS keyId, algorithm, public_key_pem AS publicKeyPem, valid_from AS validFrom, valid_to AS validTo';
const EVERY_KEY = `SELECT ${KEY_COLUMNS} FROM report_signing_keys ORDER BY valid_from DESC, key_id`;

/**
 * Every key that has signed, newest first, read from a database without a signer (a backup's
 * copy): the current one is the one whose validity is still open, as the signer keeps it.
 */
export const signingKeysIn = (db: Database): PublishedKey[] =>
  (db.prepare(EVERY_KEY).all() as KeyRow[]).map((row) => ({ ...row, current: row.validTo === null }));

/** The document /.well-known/credit-report-keys.json serves for these keys. */
export function signingKeysDocument(keys: readonly PublishedKey[], issuer: string): ReportSigningKeys {
  return {
    issuer,
    distinguishingId: SM2_DEFAULT_ID,
    keys: keys.map((key) => ({ ...key, pemPath: `${API_PATHS.reportSigningKeyPem}${key.keyId}.pem` })),
  };
}

/** The result of checking a file's embedded signature: its key, and the signed Info entries. */
export interface PdfSignatureCheck {
  keyId: string;
  info: PdfSignature['info'];
  /** How many of the file's bytes the signature covers. */
  signedLength: number;
  key: PublishedKey;
}

/** Why a file's signature did not verify (Chinese, for the answer). */
export const SIGNATURE_MESSAGES = {
  unknownKey: '签名密钥不是信用中心公布的密钥，该文件不可信',
  invalid: '电子签名校验未通过：文件内容已被改动，或签名不是信用中心所签',
  outsideValidity: '签名时间不在该密钥的有效期内，该文件不可信',
} as const;

export class SignatureInvalidError extends Error {}

export interface ReportSignerOptions {
  now?: () => Date;
  /** Where signatures are measured (app.metrics); unset: not measured. */
  metrics?: Pick<ServiceMetrics, 'reportSignDuration' | 'reportSignFailures'>;
  /** Where uploaded files are read and checked (signature-checker.ts); default: on the calling thread. */
  checker?: SignatureChecker;
}

/** Signs and verifies with the centre's key; keeps and publishes every key that has signed. */
export function createReportSigner(db: Database, key: SigningKey, options: ReportSignerOptions = {}) {
  const now = options.now ?? (() => new Date());
  const { metrics } = options;
  const checker = options.checker ?? sameThreadChecker;
  /** One SM2 signature with the current key, timed, and counted when it fails. */
  const sign = (message: Buffer): Buffer => {
    const stop = metrics?.reportSignDuration.startTimer();
    try {
      return sm2Sign(key, message);
    } catch (error) {
      metrics?.reportSignFailures.inc();
      throw error;
    } finally {
      stop?.();
    }
  };
  const rows = db.prepare(EVERY_KEY);
  const byId = db.prepare(`SELECT ${KEY_COLUMNS} FROM report_signing_keys WHERE key_id = ?`);
  // The configured key becomes the current one: a new key closes the others' validity (a rotation).
  db.transaction(() => {
    const at = now().toISOString();
    const known = byId.get(key.keyId) as KeyRow | undefined;
    db.prepare('UPDATE report_signing_keys SET valid_to = ? WHERE valid_to IS NULL AND key_id <> ?').run(at, key.keyId);
    if (!known) {
      db.prepare(
        'INSERT INTO report_signing_keys (key_id, algorithm, public_key_pem, valid_from, valid_to) VALUES (?, ?, ?, ?, NULL)',
      ).run(key.keyId, SM2_ALGORITHM, publicKeyPem(key.publicKey), at);
    } else if (known.validTo !== null) {
      db.prepare('UPDATE report_signing_keys SET valid_to = NULL WHERE key_id = ?').run(key.keyId);
    }
  })();

  const publish = (row: KeyRow): PublishedKey => ({ ...row, current: row.keyId === key.keyId });
  const publicKeyOf = (keyId: string): string | null => {
    const row = byId.get(keyId) as KeyRow | undefined;
    return row ? parsePublicKeyPem(row.publicKeyPem) : null;
  };

  return {
    /** The current key's id (SM3 of its SPKI DER, hex). */
    keyId: key.keyId,
    /** Where the current key came from: REPORT_SIGNING_KEY_FILE, or the demo key of DATA_DIR. */
    source: key.source,
    algorithm: SM2_ALGORITHM,

    /** Every key that has signed, newest first. */
    keys: (): PublishedKey[] => (rows.all() as KeyRow[]).map(publish),

    key(keyId: string): PublishedKey | null {
      const row = byId.get(keyId) as KeyRow | undefined;
      return row ? publish(row) : null;
    },

    /** An SM2/SM3 signature (base64 DER) of a text with the current key. */
    signText: (text: string): string => sign(Buffer.from(text, 'utf8')).toString('base64'),

    /** True when `signature` (base64 DER) is `keyId`'s signature of `text`. */
    verifyText(text: string, signature: string, keyId: string): boolean {
      const publicKey = publicKeyOf(keyId);
      return publicKey !== null && sm2Verify(publicKey, Buffer.from(text, 'utf8'), Buffer.from(signature, 'base64'));
    },

    /** The rendered PDF signed: its bytes, then the signature block (pdf-signature.ts). */
    signPdf(rendered: Buffer): { file: Buffer; signature: string } {
      const signature = sign(rendered);
      return { file: appendSignature(rendered, key.keyId, signature), signature: signature.toString('base64') };
    },

    /**
     * Checks a file's embedded signature against the published keys (on the checker's thread).
     * Throws PdfSignatureFormatError (no PDF, no block, a broken block), SignatureInvalidError
     * (unknown key, bad signature), each with its Chinese message, or the checker's refusals.
     */
    async verifyPdf(file: Buffer): Promise<PdfSignatureCheck> {
      const publicKeys = Object.fromEntries(
        (rows.all() as KeyRow[]).map((row) => [row.keyId, parsePublicKeyPem(row.publicKeyPem)]),
      );
      const result = await checker.check({ file, publicKeys });
      if (!result.ok) throw new PdfSignatureFormatError(result.message);
      const row = byId.get(result.keyId) as KeyRow | undefined;
      if (!row || !result.known) throw new SignatureInvalidError(SIGNATURE_MESSAGES.unknownKey);
      if (!result.valid) throw new SignatureInvalidError(SIGNATURE_MESSAGES.invalid);
      // The signed metadata must name the same key, and a time within its validity.
      const signedAt = result.info.signedAt;
      if (result.info.keyId !== result.keyId) throw new SignatureInvalidError(SIGNATURE_MESSAGES.invalid);
      if (!signedAt || signedAt < row.validFrom || (row.validTo !== null && signedAt > row.validTo)) {
        throw new SignatureInvalidError(SIGNATURE_MESSAGES.outsideValidity);
      }
      return { keyId: result.keyId, info: result.info, signedLength: result.signedLength, key: publish(row) };
    },
  };
}

export type ReportSigner = ReturnType<typeof createReportSigner>;
export { PdfSignatureFormatError };

declare module 'fastify' {
  interface FastifyInstance {
    /** The centre's report-signing key (decorated by plugins/report-signer.ts): every issued report's PDF is signed with it. */
    reportSigner: ReportSigner;
  }
}
