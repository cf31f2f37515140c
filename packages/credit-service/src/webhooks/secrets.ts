import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/*
 * Webhook secrets are needed in clear to compute each HMAC, so they cannot be hashed; they are
 * sealed (AES-256-GCM) under a key kept in a file of DATA_DIR, outside the database: a copy of
 * the database alone (a backup set, a dump) holds no usable secret. Keep the key file with the
 * signing key; without it the subscribers must be given new secrets (webhook add again).
 */

/** The sealing key's file in DATA_DIR (32 random bytes, base64url; readable by the service's user only). */
export const WEBHOOK_KEY_FILE = 'webhook-secrets.key';

/** The sealing key of a data directory, made on first use. */
export function webhookSealingKey(dataDir: string): Buffer {
  const file = path.join(dataDir, WEBHOOK_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process (the CLI beside the service) made it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  if (key.length !== 32) throw new Error(`${file}: not a webhook sealing key (32 bytes, base64url)`);
  return key;
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url: the secret sealed under the key. */
export function sealSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret a sealed value holds; throws when the key is not the one that sealed it. */
export function openSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed webhook secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
