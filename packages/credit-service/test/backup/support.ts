import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SET_FILES, type BackupManifest } from '../../src/backup/sets.js';
import { tempDir } from '../helper.js';

/* What the backup tests share: the report-signing key a set carries, its passphrase, a set's manifest. */

export const PASSPHRASE = 'correct horse battery staple';

export interface SigningKeyFiles {
  /** A fresh temporary directory holding both files; remove it with removeDir. */
  work: string;
  /** An SM2 private key made by OpenSSL, as the service's report-signing key. */
  keyFile: string;
  /** PASSPHRASE in a private file, as BACKUP_KEY_PASSPHRASE_FILE names it. */
  passFile: string;
}

export async function makeSigningKeyFiles(): Promise<SigningKeyFiles> {
  const work = await tempDir();
  const keyFile = path.join(work, 'report-signing.pem');
  execFileSync('openssl', ['genpkey', '-algorithm', 'SM2', '-out', keyFile]);
  const passFile = path.join(work, 'passphrase');
  fs.writeFileSync(passFile, `${PASSPHRASE}\n`, { mode: 0o600 });
  return { work, keyFile, passFile };
}

export const readManifest = (set: string): BackupManifest =>
  JSON.parse(fs.readFileSync(path.join(set, SET_FILES.manifest), 'utf8')) as BackupManifest;
