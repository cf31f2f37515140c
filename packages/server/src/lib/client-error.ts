import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES, errorEnvelope } from '@credit-portal/shared';

/** Answers of requests Node's HTTP parser refused before any route ran. */
const ANSWERS: Readonly<Record<string, { status: number; message: string }>> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: '请求头或网址过长' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: '请求超时，请重试' },
};

/**
 * Fastify's clientErrorHandler: a request Node's parser refuses (a 100 KB query, a header block
 * over the limit, a malformed request line) gets the normalized envelope like every other refusal,
 * instead of Fastify's default body.
 */
export function clientErrorHandler(this: { log: FastifyBaseLogger }, err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = ANSWERS[err.code ?? ''] ?? { status: 400, message: '请求格式有误' };
  this.log.debug({ code: err.code, status }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(errorEnvelope(ERROR_CODES.badRequest, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
