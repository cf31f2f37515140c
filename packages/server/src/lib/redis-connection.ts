import { createClient } from 'redis';
import type { FastifyBaseLogger } from 'fastify';

export type RedisClient = ReturnType<typeof createClient>;

export interface RedisConnectionOptions {
  url: string;
  keyPrefix: string;
  /** Per-command timeout of the shared connection; blocking connections have none. */
  commandTimeoutMs: number;
  log: FastifyBaseLogger;
}

/** Reconnect quickly at first, then every two seconds at most, for ever: Redis may come back any time. */
const reconnectStrategy = (retries: number): number => Math.min(50 * 2 ** Math.min(retries, 6), 2000);

/**
 * The gateway's Redis connections. Commands fail at once while Redis is unreachable (no offline
 * queue), so callers fall back instead of piling up; every client has an error listener, so a lost
 * connection never becomes an unhandled error; connections retry for ever in the background.
 */
export class RedisConnection {
  readonly client: RedisClient;
  readonly keyPrefix: string;
  readonly #options: RedisConnectionOptions;
  readonly #clients = new Set<RedisClient>();
  readonly #readyListeners = new Set<() => void>();
  #closed = false;

  constructor(options: RedisConnectionOptions) {
    this.#options = options;
    this.keyPrefix = options.keyPrefix;
    this.client = this.#open('main', options.commandTimeoutMs, true);
  }

  /** True while the shared connection can take commands. */
  get isReady(): boolean {
    return this.client.isReady;
  }

  /** A key under the configured prefix. */
  key(...parts: string[]): string {
    return this.keyPrefix + parts.join(':');
  }

  /** Calls the listener each time the shared connection becomes ready (first connect and every reconnect). */
  onReady(listener: () => void): () => void {
    this.#readyListeners.add(listener);
    return () => this.#readyListeners.delete(listener);
  }

  /** A dedicated connection (blocking reads, subscriptions), closed with this one. */
  dedicated(name: string): RedisClient {
    return this.#open(name, undefined, false);
  }

  /** Answers PING within the command timeout. */
  async ping(): Promise<boolean> {
    if (!this.client.isReady) return false;
    try {
      return (await this.client.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([...this.#clients].map((client) => closeClient(client)));
  }

  #open(name: string, timeoutMs: number | undefined, announce: boolean): RedisClient {
    const log = this.#options.log.child({ redis: name });
    const client = createClient({
      url: this.#options.url,
      name: `credit-portal-gateway-${name}`,
      disableOfflineQueue: true,
      pingInterval: 10_000,
      socket: { connectTimeout: 2000, reconnectStrategy },
      ...(timeoutMs === undefined ? {} : { commandOptions: { timeout: timeoutMs } }),
    });
    let down = false;
    client.on('error', (err: Error) => {
      // One line per outage, not one per reconnect attempt.
      if (!down && !this.#closed) log.warn({ reason: err.message }, 'redis connection lost; retrying');
      down = true;
    });
    client.on('ready', () => {
      if (down || announce) log.info('redis connection ready');
      down = false;
      if (announce) for (const listener of this.#readyListeners) listener();
    });
    this.#clients.add(client);
    client.connect().catch((err: Error) => {
      if (!this.#closed) log.warn({ reason: err.message }, 'redis connection gave up');
    });
    return client;
  }
}

async function closeClient(client: RedisClient): Promise<void> {
  if (!client.isReady) {
    if (client.isOpen) client.destroy();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.close(),
      new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          client.destroy();
          resolve();
        }, 1000);
      }),
    ]);
  } catch {
    if (client.isOpen) client.destroy();
  } finally {
    clearTimeout(timer);
  }
}
