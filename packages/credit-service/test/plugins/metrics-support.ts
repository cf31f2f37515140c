import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { GATEWAY_PATHS } from '@credit-portal/shared';

/** An audit record of the service's own (no person in it), for tests that write one. */
export const SYSTEM_AUDIT_ENTRY = {
  event: 'service.start' as const,
  result: 'success' as const,
  reason: null,
  actor: 'system',
  subject: null,
  ip: null,
  requestId: null,
  details: {},
};

/** Makes the app's audit files refuse every record with `message` until the returned undo is called. */
export function refuseAuditAppends(app: FastifyInstance, message: string): () => void {
  const { storage } = app.audit;
  const append = storage.append;
  storage.append = async () => {
    throw new Error(message);
  };
  return () => {
    storage.append = append;
  };
}

/** The admin listener's Prometheus text, as a scrape reads it. */
export async function scrape(app: FastifyInstance): Promise<string> {
  const response = await app.admin.inject({ method: 'GET', url: GATEWAY_PATHS.metrics });
  if (response.statusCode !== 200) throw new Error(`/metrics answered ${response.statusCode}`);
  return response.body;
}

/** The value of one sample of a scrape — `name` or `name{label="…",…}` as written — or undefined when absent. */
export function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** A TCP port nothing listens on (taken from the system, then released). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
