import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { GATEWAY_PATHS } from '@credit-portal/shared';

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
