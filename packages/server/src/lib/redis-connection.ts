import { createClient, createCluster, type RedisClientOptions, type RedisClusterOptions } from 'redis';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisTarget } from './redis-settings.js';
import { SentinelWatcher, formatAddress, type MasterAddress } from './redis-sentinel.js';

export type RedisClient = ReturnType<typeof createClient>;
type RedisCluster = ReturnType<typeof createCluster>;

export interface RedisConnectionOptions {
  target: Exclude<RedisTarget, { mode: 'none' }>;
  keyPrefix: string;
  /** Per-command timeout of the shared connection; blocking connections have none. */
  commandTimeoutMs: number;
  /** Replicas that must acknowledge a durable write (WAIT) before it counts; 0: none. */
  waitReplicas?: number;
  waitTimeoutMs?: number;
  /** How long start-up waits for the Sentinels to name the master. */
  sentinelStartTimeoutMs?: number;
  log: FastifyBaseLogger;
  /** Hears every change of master (Sentinel): the address before (null at start) and after. */
  onMasterChange?: (from: string | null, to: string) => void;
}

/** A connection of its own (blocking reads, durable writes): its client is replaced when the master changes. */
export interface DedicatedClient {
  readonly client: RedisClient;
  readonly isReady: boolean;
}

/** Reconnect quickly at first, then every two seconds at most, for ever: Redis may come back any time. */
const reconnectStrategy = (retries: number): number => Math.min(50 * 2 ** Math.min(retries, 6), 2000);

interface Slot extends DedicatedClient {
  readonly name: string;
  readonly timeoutMs: number | undefined;
  /** The shared connection: its 'ready' is announced to onReady listeners. */
  readonly announce: boolean;
  client: RedisClient;
  /** REDIS_CLUSTER_NODES: the cluster client behind `client` (which is the same object, typed as one client). */
  cluster: RedisCluster | null;
  /** Stops the cluster's readiness watch (cluster mode). */
  stop: () => void;
  /** Cluster mode: the first discovery went through (subscriptions can be made). */
  connected: boolean;
  readonly subscriptions: Map<string, (message: string) => void>;
}

/** How often a cluster client's readiness is looked at (it has no 'ready' event of its own after a reconnect). */
const CLUSTER_WATCH_MS = 200;

/** A cluster client is ready when it knows the slots and holds a ready connection to every master. */
function clusterReady(cluster: RedisCluster): boolean {
  if (!cluster.isOpen) return false;
  const masters = cluster.masters;
  return masters.length > 0 && masters.every((master) => master.client?.isReady === true);
}

/**
 * The gateway's Redis connections: the shared one, and dedicated ones for blocking reads,
 * durable writes and the purge subscription. Commands fail at once while Redis is unreachable
 * (no offline queue), so callers fall back instead of piling up; every client has an error
 * listener, so a lost connection never becomes an unhandled error; connections retry for ever in
 * the background.
 *
 * With Sentinel the master's address comes from the Sentinels (lib/redis-sentinel.ts), asked
 * every REDIS_SENTINEL_POLL_MS and at once when a connection is lost. When they name another
 * master every connection is replaced by one to the new master (subscriptions made again), and
 * the old ones are dropped, so nothing keeps writing to a demoted master.
 */
export class RedisConnection {
  readonly keyPrefix: string;
  readonly waitReplicas: number;
  readonly waitTimeoutMs: number;
  readonly #options: RedisConnectionOptions;
  readonly #slots = new Map<string, Slot>();
  readonly #main: Slot;
  readonly #readyListeners = new Set<() => void>();
  readonly #sentinel: SentinelWatcher | null;
  #master: MasterAddress | null;
  #failovers = 0;
  #closed = false;

  /** Connects (Sentinel: asks the Sentinels for the master first, and throws a clear error when they cannot say). */
  static async open(options: RedisConnectionOptions): Promise<RedisConnection> {
    const { target } = options;
    if (target.mode === 'url' || target.mode === 'cluster') return new RedisConnection(options, null, null);
    const watcher = new SentinelWatcher({
      sentinels: target.sentinels,
      masterName: target.masterName,
      password: target.sentinelPassword,
      tls: target.sentinelTls,
      pollMs: target.pollMs,
      commandTimeoutMs: options.commandTimeoutMs,
      log: options.log.child({ redis: 'sentinel' }),
    });
    try {
      const master = await watcher.discover(options.sentinelStartTimeoutMs ?? 5000);
      return new RedisConnection(options, watcher, master);
    } catch (err) {
      await watcher.close();
      throw err;
    }
  }

  private constructor(options: RedisConnectionOptions, sentinel: SentinelWatcher | null, master: MasterAddress | null) {
    this.#options = options;
    this.keyPrefix = options.keyPrefix;
    this.waitReplicas = options.waitReplicas ?? 0;
    this.waitTimeoutMs = options.waitTimeoutMs ?? 500;
    this.#sentinel = sentinel;
    this.#master = master;
    this.#main = this.#slot('main', options.commandTimeoutMs, true);
    if (sentinel && master) {
      options.onMasterChange?.(null, formatAddress(master));
      options.log.info({ master: formatAddress(master) }, 'redis master found through the sentinels');
      sentinel.start((address) => this.#switchTo(address));
    }
  }

  /** The shared connection (replaced when the master changes: read it at each use). */
  get client(): RedisClient {
    return this.#main.client;
  }

  /** True while the shared connection can take commands (cluster: to every master). */
  get isReady(): boolean {
    return this.#main.isReady;
  }

  /** 'url' (one Redis), 'sentinel' or 'cluster' (REDIS_CLUSTER_NODES). */
  get mode(): RedisConnectionOptions['target']['mode'] {
    return this.#options.target.mode;
  }

  /** The master's host:port (Sentinel), null with REDIS_URL. */
  get master(): string | null {
    return this.#master ? formatAddress(this.#master) : null;
  }

  /** Master changes seen since start (Sentinel). */
  get failovers(): number {
    return this.#failovers;
  }

  /** A key under the configured prefix. */
  key(...parts: string[]): string {
    return this.keyPrefix + parts.join(':');
  }

  /** Calls the listener each time the shared connection becomes ready (first connect, every reconnect, a new master). */
  onReady(listener: () => void): () => void {
    this.#readyListeners.add(listener);
    return () => this.#readyListeners.delete(listener);
  }

  /** A dedicated connection (blocking reads, durable writes), closed with this one; one per name. */
  dedicated(name: string, timeoutMs?: number): DedicatedClient {
    return this.#slots.get(name) ?? this.#slot(name, timeoutMs, false);
  }

  /**
   * Subscribes on the dedicated subscriber connection, again after every reconnect and master
   * change. In a cluster a (regular) PUBLISH reaches the subscribers on every node, so the
   * subscriber connection may be to any node; node-redis moves it when that node is lost.
   */
  subscribe(channel: string, listener: (message: string) => void): void {
    // A cluster client keeps subscriptions on a connection of their own already.
    const slot =
      this.#options.target.mode === 'cluster'
        ? this.#main
        : (this.#slots.get('subscriber') ?? this.#slot('subscriber', undefined, false));
    slot.subscriptions.set(channel, listener);
    if (slot.cluster ? slot.connected : slot.client.isReady) this.#subscribeAll(slot, slot.client);
  }

  /** Answers PING within the command timeout (cluster: every master is connected and one answers). */
  async ping(): Promise<boolean> {
    if (!this.#main.isReady) return false;
    try {
      const { cluster } = this.#main;
      const reply = cluster ? await cluster.sendCommand(undefined, true, ['PING']) : await this.client.ping();
      return reply === 'PONG';
    } catch {
      return false;
    }
  }

  /**
   * The keys matching a glob, a batch at a time: SCAN on the one Redis, or on every master of
   * a cluster (each holds its own slots' keys).
   */
  async *scan(match: string): AsyncGenerator<string[]> {
    const { cluster } = this.#main;
    if (!cluster) {
      yield* this.client.scanIterator({ MATCH: match, COUNT: 1000 });
      return;
    }
    for (const master of [...cluster.masters]) {
      const node = await cluster.nodeClient(master);
      yield* node.scanIterator({ MATCH: match, COUNT: 1000 });
    }
  }

  /**
   * WAIT on the connection that just wrote `key` (a dedicated client): how many replicas have
   * its writes. In a cluster the command goes to the node owning the key's slot, on the same
   * connection as the write.
   */
  async waitForReplicas(client: RedisClient, key: string, replicas: number, timeoutMs: number): Promise<number> {
    if (this.#options.target.mode !== 'cluster') return client.wait(replicas, timeoutMs);
    const reply = await (client as unknown as RedisCluster).sendCommand(key, false, [
      'WAIT',
      String(replicas),
      String(timeoutMs),
    ]);
    return Number(reply);
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#sentinel?.close();
    await Promise.all(
      [...this.#slots.values()].map((slot) => {
        slot.stop();
        return slot.cluster ? closeClient(slot.cluster, clusterReady(slot.cluster)) : closeClient(slot.client);
      }),
    );
  }

  #slot(name: string, timeoutMs: number | undefined, announce: boolean): Slot {
    const slot: Slot = {
      name,
      timeoutMs,
      announce,
      subscriptions: new Map(),
      client: undefined as unknown as RedisClient,
      cluster: null,
      stop: () => undefined,
      connected: false,
      get isReady(): boolean {
        return this.cluster ? clusterReady(this.cluster) : this.client.isReady;
      },
    };
    slot.client = this.#options.target.mode === 'cluster' ? this.#openCluster(slot) : this.#open(slot);
    this.#slots.set(name, slot);
    return slot;
  }

  /**
   * REDIS_CLUSTER_NODES: a node-redis cluster client for this slot (each dedicated slot has its
   * own, so a blocking read holds up only its own connection to the node owning its key). It
   * retries the first discovery for ever (the gateway starts without Redis); node connections
   * reconnect on their own, and the slot map is refreshed on MOVED/ASK.
   */
  #openCluster(slot: Slot): RedisClient {
    const target = this.#options.target as Extract<RedisConnectionOptions['target'], { mode: 'cluster' }>;
    const log = this.#options.log.child({ redis: slot.name });
    const options: RedisClusterOptions = {
      rootNodes: target.nodes.map((node) => ({ socket: { host: node.host, port: node.port } })),
      defaults: {
        name: `credit-portal-gateway-${slot.name}`,
        disableOfflineQueue: true,
        // CLIENT SETINFO: cosmetic, unknown before Redis 7.2, and not granted to the gateway's ACL user.
        disableClientInfo: true,
        pingInterval: 10_000,
        ...(target.username === null ? {} : { username: target.username }),
        ...(target.password === null ? {} : { password: target.password }),
        socket: { connectTimeout: 2000, reconnectStrategy, ...(target.tls ? { tls: true as const } : {}) },
      },
      ...(slot.timeoutMs === undefined ? {} : { commandOptions: { timeout: slot.timeoutMs } }),
    };
    const cluster = createCluster(options);
    slot.cluster = cluster;
    let down = false;
    let everReady = false;
    const lost = (err: Error): void => {
      if (this.#closed || slot.cluster !== cluster) return;
      // One warn line per outage (the shared client's), however many nodes report it.
      if (!down) log[slot.announce ? 'warn' : 'debug']({ reason: err.message }, 'redis connection lost; retrying');
      down = true;
    };
    cluster.on('error', lost);
    cluster.on('node-error', lost);
    let timer: NodeJS.Timeout | undefined;
    const connect = (attempt: number): void => {
      cluster.connect().then(
        () => {
          if (this.#closed) {
            cluster.destroy();
            return;
          }
          // node-redis subscribes again by itself after a reconnect, on whichever node it moves to.
          slot.connected = true;
          if (slot.subscriptions.size > 0) this.#subscribeAll(slot, cluster as unknown as RedisClient);
        },
        (err: Error) => {
          if (this.#closed || slot.cluster !== cluster) return;
          lost(err);
          timer = setTimeout(() => connect(attempt + 1), reconnectStrategy(attempt));
          timer.unref();
        },
      );
    };
    connect(0);
    // node-redis announces a node's first 'ready' only: readiness changes are watched here.
    const watch = setInterval(() => {
      const ready = clusterReady(cluster);
      if (ready && (down || !everReady)) {
        if (down || slot.announce) log.info({ masters: cluster.masters.length }, 'redis connection ready');
        down = false;
        everReady = true;
        if (slot.announce) for (const listener of this.#readyListeners) listener();
      } else if (!ready && everReady && !down) {
        lost(new Error('a cluster node is unreachable'));
      }
    }, CLUSTER_WATCH_MS);
    watch.unref();
    slot.stop = () => {
      clearInterval(watch);
      clearTimeout(timer);
    };
    return cluster as unknown as RedisClient;
  }

  #clientOptions(slot: Slot): RedisClientOptions {
    const { target } = this.#options;
    const common = {
      name: `credit-portal-gateway-${slot.name}`,
      disableOfflineQueue: true,
      // CLIENT SETINFO: cosmetic, unknown before Redis 7.2, and not granted to the gateway's ACL user.
      disableClientInfo: true,
      pingInterval: 10_000,
      ...(slot.timeoutMs === undefined ? {} : { commandOptions: { timeout: slot.timeoutMs } }),
    };
    if (target.mode === 'url') {
      return {
        ...common,
        url: target.url,
        ...(target.username === null ? {} : { username: target.username }),
        ...(target.password === null ? {} : { password: target.password }),
        socket: { connectTimeout: 2000, reconnectStrategy },
      };
    }
    const master = this.#master!;
    return {
      ...common,
      ...(target.username === null ? {} : { username: target.username }),
      ...(target.password === null ? {} : { password: target.password }),
      socket: {
        host: master.host,
        port: master.port,
        connectTimeout: 2000,
        reconnectStrategy,
        ...(target.tls ? { tls: true as const } : {}),
      },
    };
  }

  #open(slot: Slot): RedisClient {
    const log = this.#options.log.child({ redis: slot.name });
    const client = createClient(this.#clientOptions(slot)) as RedisClient;
    let down = false;
    let subscribed = false;
    client.on('error', (err: Error) => {
      if (this.#closed || slot.client !== client) return;
      // One warn line per outage (the shared connection's), not one per connection or reconnect attempt.
      if (!down) log[slot.announce ? 'warn' : 'debug']({ reason: err.message }, 'redis connection lost; retrying');
      down = true;
      // Maybe a failover: ask the Sentinels now rather than at the next poll.
      this.#sentinel?.check();
    });
    client.on('ready', () => {
      if (slot.client !== client) return;
      if (down || slot.announce) log.info({ master: this.master ?? undefined }, 'redis connection ready');
      down = false;
      // node-redis subscribes again by itself after a reconnect once the first subscribe went through.
      if (!subscribed && slot.subscriptions.size > 0) {
        subscribed = true;
        this.#subscribeAll(slot, client);
      }
      if (slot.announce) for (const listener of this.#readyListeners) listener();
    });
    client.connect().catch((err: Error) => {
      if (!this.#closed && slot.client === client) log.warn({ reason: err.message }, 'redis connection gave up');
    });
    return client;
  }

  #subscribeAll(slot: Slot, client: RedisClient): void {
    for (const [channel, listener] of slot.subscriptions) {
      client.subscribe(channel, listener).catch((err: Error) => {
        if (!this.#closed && slot.client === client)
          this.#options.log.warn({ reason: err.message, channel }, 'redis subscription failed');
      });
    }
  }

  /** The Sentinels name another master: every connection moves there, the old ones are dropped. */
  #switchTo(address: MasterAddress): void {
    if (this.#closed) return;
    const from = this.master;
    this.#master = address;
    this.#failovers += 1;
    const to = formatAddress(address);
    this.#options.log.warn(
      { from, to, epoch: address.epoch },
      'redis master changed (sentinel failover); reconnecting',
    );
    this.#options.onMasterChange?.(from, to);
    for (const slot of this.#slots.values()) {
      const old = slot.client;
      slot.client = this.#open(slot);
      // Commands in flight on the old master fail now (callers fall back or retry) instead of waiting on it.
      if (old.isOpen) old.destroy();
    }
  }
}

async function closeClient(client: RedisClient | RedisCluster, ready = (client as RedisClient).isReady): Promise<void> {
  if (!ready) {
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
