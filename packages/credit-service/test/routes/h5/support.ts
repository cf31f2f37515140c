import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { H5_CODE_PARAM } from '@credit-portal/shared';
import { SMTPServer } from 'smtp-server';
import JSEncryptModule from 'jsencrypt';
import { FACE_VERIFY_PATH } from '../../../src/routes/h5/index.js';

/*
 * Helpers of the H5 tests: a real SMTP server that keeps what it receives, the PDF attachment of a
 * received mail, the browser's encryption (jsencrypt, as the SPA uses it), its verifier and
 * challenge, and the face-verification stand-in's form.
 */

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtp {
  url: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * An SMTP server on a free port (no TLS, no auth) that keeps every message it accepts — or, with
 * `refuse`, refuses every sender (554), like a mail server that is out of service.
 */
export async function startSmtp(options: { refuse?: boolean } = {}): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!options.refuse) return callback();
      return callback(Object.assign(new Error('Service unavailable'), { responseCode: 554 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The parts of a MIME message (one level of multipart), headers lower-cased. */
function mimeParts(raw: string): Array<{ headers: string; body: string }> {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) return [];
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const at = part.search(/\r?\n\r?\n/);
      return { headers: part.slice(0, at).toLowerCase(), body: part.slice(at).trim() };
    });
}

/** The first application/pdf attachment of a mail: its file name as written and its bytes. */
export function pdfAttachment(raw: string): { headerText: string; content: Buffer } | undefined {
  const part = mimeParts(raw).find((p) => p.headers.includes('application/pdf'));
  if (!part) return undefined;
  return { headerText: part.headers, content: Buffer.from(part.body.replace(/\s+/g, ''), 'base64') };
}

type Encryptor = { getKey(): { setPublic(n: string, e: string): void }; encrypt(text: string): string | false };
const JSEncrypt = ((JSEncryptModule as unknown as { default?: unknown }).default ??
  JSEncryptModule) as new () => Encryptor;

/** Encrypts like the SPA: jsencrypt with the service's hex modulus and exponent (PKCS#1 v1.5, base64). */
export function browserEncryptor(key: { PublicKeyModulus: string; PublicKeyExponent: string }) {
  const encryptor = new JSEncrypt();
  encryptor.getKey().setPublic(key.PublicKeyModulus, key.PublicKeyExponent);
  return (text: string): string => {
    const cipher = encryptor.encrypt(text);
    if (cipher === false) throw new Error('jsencrypt could not encrypt');
    return cipher;
  };
}

/** A browser's secret verifier and its S256 challenge, as the SPA makes them (RFC 7636). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The one-time code in a face verification's way back (`…#/h5/gtxy?code=…`). */
export function codeOf(location: string): string | null {
  const hash = new URL(location).hash;
  const at = hash.indexOf('?');
  return at < 0 ? null : new URLSearchParams(hash.slice(at + 1)).get(H5_CODE_PARAM);
}

/** The face-verification stand-in's form, posted as a browser posts it. */
export function faceVerifyForm(app: FastifyInstance, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: FACE_VERIFY_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ consent: '1', ...fields }).toString(),
  });
}
