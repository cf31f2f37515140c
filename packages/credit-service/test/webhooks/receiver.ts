import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a test receiver got: its headers, raw body, and the status it answered. */
export interface Received {
  eventId: string;
  timestamp: string;
  signature: string;
  body: string;
  status: number;
}

/**
 * A webhook receiver on a loopback port: `answer` decides each request's status (by the event id
 * and how many times that event came before). Everything it got is kept, in arrival order.
 */
export async function startReceiver(answer: (eventId: string, attempt: number) => number) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const eventId = String(req.headers['x-webhook-id']);
      const attempt = received.filter((r) => r.eventId === eventId).length + 1;
      const status = answer(eventId, attempt);
      received.push({
        eventId,
        timestamp: String(req.headers['x-webhook-timestamp']),
        signature: String(req.headers['x-signature']),
        body: Buffer.concat(chunks).toString('utf8'),
        status,
      });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** The requests answered with a 2xx. */
    accepted: () => received.filter((r) => r.status >= 200 && r.status < 300),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
