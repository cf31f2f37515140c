import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { keyFingerprint, parsePrivateKeyPem } from '../signing/keys.js';
import { DEMO_SIGNING_KEY_FILE } from '../signing/report-signer.js';

/*
 * The report-signing private key in a backup: only when asked, and only encrypted — PKCS#8
 * (PBES2: PBKDF2-HMAC-SHA256, AES-256-CBC) as Node's crypto writes it and `openssl pkey -passin`
 * reads it. Errors here never repeat a passphrase or a key.
 */

/** How the key in a set is encrypted (written into the manifest). */
export const PRIVATE_KEY_ENCRYPTION = 'PKCS#8 PEM, PBES2 (PBKDF2 with HMAC-SHA256, AES-256-CBC)';

/** The shortest passphrase accepted. */
export const MIN_PASSPHRASE_LENGTH = 8;

/** A key to put into a backup and the passphrase to encrypt it with. */
export interface PrivateKeyToBackup {
  /** The key file's PEM (PKCS#8 or SEC1). */
  pem: string;
  passphrase: string;
  /** Where it was read from (named in logs, never its content). */
  file: string;
}

/**
 * A passphrase file's first line, as `openssl … -passin file:F` reads it (so the same file works
 * for both). Throws when unreadable or shorter than MIN_PASSPHRASE_LENGTH.
 */
export function readPassphraseFile(file: string): string {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the passphrase file ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const passphrase = text.split(/\r?\n/)[0] ?? '';
  if (passphrase.length < MIN_PASSPHRASE_LENGTH) {
    throw new Error(`the passphrase in ${file} (its first line) must be at least ${MIN_PASSPHRASE_LENGTH} characters`);
  }
  return passphrase;
}

/** OpenSSL's `ecparam -genkey` puts a parameters block before the key, which Node's reader takes for the key. */
const withoutParameters = (pem: string): string =>
  pem.replace(/-----BEGIN (EC|SM2) PARAMETERS-----[\s\S]*?-----END \1 PARAMETERS-----\s*/, '');

/**
 * The signing key to back up: REPORT_SIGNING_KEY_FILE, else the demo key the service generated
 * in DATA_DIR; with the passphrase of `passphraseFile`. Throws a clear message when either
 * cannot be read or the file is no SM2 key.
 */
export function readPrivateKeyToBackup(options: {
  keyFile?: string | null;
  dataDir: string;
  passphraseFile: string;
}): PrivateKeyToBackup {
  const file = options.keyFile || path.join(options.dataDir, DEMO_SIGNING_KEY_FILE);
  let pem: string;
  try {
    pem = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(
      `cannot read the report-signing key ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})${options.keyFile ? '' : ': REPORT_SIGNING_KEY_FILE is unset and there is no demo key'}`,
    );
  }
  try {
    parsePrivateKeyPem(pem);
  } catch (error) {
    throw new Error(`${file} is not an SM2 private key (${(error as Error).message})`);
  }
  return { pem, passphrase: readPassphraseFile(options.passphraseFile), file };
}

/** The key id (SM3 of the public key's SPKI DER) of a plain PEM key. */
export const keyIdOf = (pem: string): string => keyFingerprint(parsePrivateKeyPem(pem).publicKey);

/** The key as encrypted PKCS#8 PEM, and its id. */
export function encryptPrivateKey(key: PrivateKeyToBackup): { pem: string; keyId: string } {
  const keyId = keyIdOf(key.pem);
  const encrypted = createPrivateKey(withoutParameters(key.pem))
    .export({ format: 'pem', type: 'pkcs8', cipher: 'aes-256-cbc', passphrase: key.passphrase })
    .toString();
  return { pem: encrypted, keyId };
}

/** The plain PKCS#8 PEM of an encrypted key, and its id; throws one message for a wrong passphrase or a damaged file. */
export function decryptPrivateKey(encryptedPem: string, passphrase: string): { pem: string; keyId: string } {
  let pem: string;
  try {
    pem = createPrivateKey({ key: encryptedPem, format: 'pem', passphrase })
      .export({ format: 'pem', type: 'pkcs8' })
      .toString();
  } catch {
    throw new Error('the private key could not be decrypted: wrong passphrase, or the file is damaged');
  }
  return { pem, keyId: keyIdOf(pem) };
}
