import { writeOutboxSms } from '../mail/mailer.js';
import type { ServiceMetrics } from '../metrics/service-metrics.js';
import type { SmsPurpose } from '../repositories/account-sms-codes.js';

/*
 * Outgoing SMS (the codes of registration and of a password reset, the notice of a binding),
 * pluggable: a real sender posts each message as JSON to the centre's SMS gateway
 * (SMS_WEBHOOK_URL); the demo sender (demo stand-ins only) writes it to the outbox, listed on the
 * /outbox page next to the mails. With neither, no SMS can be sent and registration says so
 * (短信服务暂未开通). Nothing of a message is ever logged.
 */

/** One text message: the number, the text, and what the code is for (a gateway may use templates). */
export interface SmsMessage {
  mobile: string;
  text: string;
  /** What the message is for: a code's purpose, or a notice (no code) of a binding or a lockout. */
  purpose: SmsPurpose | 'binding' | 'lockout' | 'account_closed';
  /** The one-time code in the text, when it carries one. */
  code?: string;
  /** How long the code is valid, when it carries one. */
  expiresInSeconds?: number;
}

export interface SmsSender {
  /** 'webhook' (SMS_WEBHOOK_URL) or 'outbox' (the demo stand-in). */
  readonly kind: 'webhook' | 'outbox';
  /** Sends the message; rejects when the gateway refuses it or cannot be reached. */
  send(message: SmsMessage): Promise<void>;
}

export interface SmsSenderOptions {
  /** The SMS gateway's address: each message is POSTed to it as JSON. */
  webhookUrl?: string;
  /** Sent as `Authorization: Bearer …` to the gateway when set. */
  webhookToken?: string;
  /** The demo stand-ins are on: without a webhook, messages go to the outbox. */
  demo: boolean;
  /** DATA_DIR/outbox. */
  outboxDir: string;
  /** Where each message is counted, sent or failed (app.metrics); unset: not counted. */
  metrics?: Pick<ServiceMetrics, 'countSending'>;
}

/** How long the SMS gateway may take to accept a message. */
const WEBHOOK_TIMEOUT_MS = 10_000;

/** The webhook sender: POST {mobile, text, purpose, code, expiresInSeconds}; any 2xx is accepted. */
function webhookSender(url: string, token: string | undefined): SmsSender {
  return {
    kind: 'webhook',
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        redirect: 'error',
      });
      // The body is not read beyond what closes the connection: it may echo the message.
      await response.body?.cancel();
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}

/** The demo sender: the text goes to the outbox (DATA_DIR/outbox), for the /outbox page. */
function outboxSender(outboxDir: string): SmsSender {
  return {
    kind: 'outbox',
    send: (message) => writeOutboxSms(outboxDir, message.mobile, message.text),
  };
}

/** Counts each message the sender sends or fails to send. */
function counted(sender: SmsSender, metrics: Pick<ServiceMetrics, 'countSending'>): SmsSender {
  return { kind: sender.kind, send: (message) => metrics.countSending('sms', sender.send(message)) };
}

/** The SMS sender of this configuration: the webhook, else the demo outbox, else null (no SMS). */
export function createSmsSender(options: SmsSenderOptions): SmsSender | null {
  const sender = options.webhookUrl
    ? webhookSender(options.webhookUrl, options.webhookToken)
    : options.demo
      ? outboxSender(options.outboxDir)
      : null;
  return sender && options.metrics ? counted(sender, options.metrics) : sender;
}
