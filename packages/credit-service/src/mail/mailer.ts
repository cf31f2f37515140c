import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { DEFAULT_SITE_NAME } from '../lib/site.js';
import type { ServiceMetrics } from '../metrics/service-metrics.js';

/*
 * Outgoing mail of the H5 app (credit reports as PDF attachments). With SMTP_URL the mail goes to
 * that server (nodemailer; smtp:// with STARTTLS when offered, smtps:// for implicit TLS); without
 * it, each message is written to DATA_DIR/outbox as an .eml file with its attachments beside it,
 * and listed on the service's /outbox page, so the whole flow works on a laptop.
 */

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments: MailAttachment[];
}

/** What the outbox keeps about one message (the .json beside its .eml; an SMS is the .json alone). */
export interface OutboxEntry {
  id: string;
  createdAt: string;
  /** 'sms': a text message of the demo SMS sender (src/sms); absent: a mail. */
  kind?: 'sms';
  to: string;
  subject: string;
  /** The SMS text. */
  text?: string;
  attachments: Array<{ filename: string; file: string; size: number }>;
}

export interface Mailer {
  /** Sends (or writes to the outbox); rejects when the SMTP server refuses or cannot be reached. */
  send(message: MailMessage): Promise<void>;
  /** The outbox directory when there is no SMTP server, else null. */
  readonly outboxDir: string | null;
  close(): void;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL (credentials in it); unset: the outbox. */
  smtpUrl?: string;
  /** The From header. */
  from: string;
  /** Where the outbox lives when there is no SMTP server. */
  outboxDir: string;
  /**
   * Whether, without an SMTP server, mails go to the outbox (the demo stand-ins: a laptop, a test
   * bench). Off, they are refused: a production-like service never keeps residents' reports on its
   * disk while telling them they were sent (a review's finding). Default on.
   */
  outbox?: boolean;
  /** Where each mail is counted, sent or failed (app.metrics); unset: not counted. */
  metrics?: Pick<ServiceMetrics, 'countSending'>;
}

/** The error a mailer without SMTP server or outbox rejects every mail with. */
export class MailNotConfiguredError extends Error {
  readonly code = 'EMAIL_NOT_CONFIGURED';
  constructor() {
    super('no SMTP_URL: mail is not configured');
  }
}

/** The sender when MAIL_FROM is not set: the site's name on the example domain. */
export const mailFromOf = (siteName: string): string => `${siteName} <noreply@xyyz.example>`;

/** The default site's sender. */
export const DEFAULT_MAIL_FROM = mailFromOf(DEFAULT_SITE_NAME);

/** The outbox's folder name under DATA_DIR. */
export const OUTBOX_DIR = 'outbox';

/** A new outbox entry id: its time (sortable) and a random suffix. */
function outboxId(createdAt: string): string {
  return `${createdAt.replace(/[-:.TZ]/g, '')}-${randomBytes(4).toString('hex')}`;
}

const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** The mailer of this configuration: SMTP, else the outbox, else one that refuses; every mail counted. */
export function createMailer(options: MailerOptions): Mailer {
  const mailer = transportOf(options);
  const { metrics } = options;
  if (!metrics) return mailer;
  return {
    outboxDir: mailer.outboxDir,
    send: (message) => metrics.countSending('mail', mailer.send(message)),
    close: () => mailer.close(),
  };
}

function transportOf(options: MailerOptions): Mailer {
  if (!options.smtpUrl && options.outbox === false) {
    return {
      outboxDir: null,
      send: () => Promise.reject(new MailNotConfiguredError()),
      close: () => {},
    };
  }
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl);
    const transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
      secure: url.protocol === 'smtps:',
      ...(url.username
        ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
        : {}),
      ...SMTP_TIMEOUTS,
      // Nothing of the message goes to the logs.
      logger: false,
      debug: false,
    });
    return {
      outboxDir: null,
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }

  const outbox = options.outboxDir;
  const compose = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outboxDir: outbox,
    async send(message) {
      await fs.mkdir(outbox, { recursive: true });
      const info = (await compose.sendMail({ from: options.from, ...message })) as { message: Buffer };
      const createdAt = new Date().toISOString();
      const id = outboxId(createdAt);
      const attachments = [];
      for (const [i, attachment] of message.attachments.entries()) {
        const file = `${id}-${i + 1}${path.extname(attachment.filename) || '.bin'}`;
        await fs.writeFile(path.join(outbox, file), attachment.content);
        attachments.push({ filename: attachment.filename, file, size: attachment.content.length });
      }
      await fs.writeFile(path.join(outbox, `${id}.eml`), info.message);
      const entry: OutboxEntry = { id, createdAt, to: message.to, subject: message.subject, attachments };
      // Written last: an entry is listed only once everything it names is on disk.
      await fs.writeFile(path.join(outbox, `${id}.json`), JSON.stringify(entry));
    },
    close: () => compose.close(),
  };
}

/** Writes a text message (the demo SMS sender) to the outbox, listed with the mails. */
export async function writeOutboxSms(outboxDir: string, to: string, text: string): Promise<void> {
  await fs.mkdir(outboxDir, { recursive: true });
  const createdAt = new Date().toISOString();
  const entry: OutboxEntry = {
    id: outboxId(createdAt),
    createdAt,
    kind: 'sms',
    to,
    subject: '短信',
    text,
    attachments: [],
  };
  await fs.writeFile(path.join(outboxDir, `${entry.id}.json`), JSON.stringify(entry));
}

/** The outbox's messages (mails and SMS), newest first. */
export async function listOutbox(outboxDir: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await fs.readdir(outboxDir);
  } catch {
    return [];
  }
  const entries: OutboxEntry[] = [];
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    try {
      entries.push(JSON.parse(await fs.readFile(path.join(outboxDir, name), 'utf8')) as OutboxEntry);
    } catch {
      // A file that is not an entry is not listed.
    }
  }
  return entries.sort((a, b) => (a.id < b.id ? 1 : -1));
}
