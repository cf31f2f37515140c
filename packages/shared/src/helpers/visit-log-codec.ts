import type { VisitLogPayload } from '../schemas/visit-log.js';

/*
 * The `message` field of POST /visitstatics/EncodeMsgs holds the payload
 * { appToken, messages } as JSON, UTF-8 encoded, then base64 (standard alphabet, padded).
 * Works in browsers and in Node (TextEncoder, btoa and atob are globals in both).
 */

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

/** Encodes a visit-log payload into the `message` field. */
export function encodeVisitLogMessage<T>(payload: VisitLogPayload<T>): string {
  return bytesToBase64(new TextEncoder().encode(JSON.stringify(payload)));
}

/** Decodes the `message` field; throws a SyntaxError when it is not base64 of UTF-8 JSON. */
export function decodeVisitLogMessage(message: string): unknown {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(message) || message.length % 4 !== 0) {
    throw new SyntaxError('message is not base64');
  }
  const binary = atob(message);
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  const json = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  return JSON.parse(json) as unknown;
}
