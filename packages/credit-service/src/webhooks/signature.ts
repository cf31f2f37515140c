import { createHmac } from 'node:crypto';

/** The HMACs a subscriber may choose: HMAC-SHA256 (default) or HMAC-SM3. */
export const WEBHOOK_ALGORITHMS = ['sha256', 'sm3'] as const;
export type WebhookAlgorithm = (typeof WEBHOOK_ALGORITHMS)[number];

/** The headers of a delivery. */
export const WEBHOOK_HEADERS = {
  eventId: 'x-webhook-id',
  timestamp: 'x-webhook-timestamp',
  signature: 'x-signature',
} as const;

/**
 * The signature header's value: `<algorithm>=<hex HMAC of "<timestamp>.<body>">`. The timestamp
 * is signed with the body, so a receiver that refuses old timestamps refuses a replay.
 */
export const webhookSignature = (
  algorithm: WebhookAlgorithm,
  secret: string,
  timestamp: string,
  body: string,
): string => `${algorithm}=${createHmac(algorithm, secret).update(`${timestamp}.${body}`).digest('hex')}`;
