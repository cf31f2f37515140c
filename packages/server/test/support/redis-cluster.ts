import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createClient } from 'redis';
import { freePort, waitForRedis } from './redis-process.js';

const run = promisify(execFile);

/**
 * A throw-away Redis Cluster of masters only, on free loopback ports: redis-server with
 * cluster-enabled for each, joined by `redis-cli --cluster create` (Debian's redis-tools, which
 * redis-server depends on). stop() kills every process and removes the node files, whatever
 * happened before.
 */
export class RedisClusterProcesses {
  readonly ports: number[];
  readonly #children: ChildProcess[] = [];
  readonly #dir: string;

  private constructor(ports: number[], dir: string) {
    this.ports = ports;
    this.#dir = dir;
  }

  /** REDIS_CLUSTER_NODES naming only the first node: the client learns the rest itself. */
  get seed(): string {
    return `127.0.0.1:${this.ports[0]}`;
  }

  static async start(serverBin: string, masters = 3): Promise<RedisClusterProcesses> {
    const cli = path.join(path.dirname(serverBin), 'redis-cli');
    try {
      accessSync(cli, constants.X_OK);
    } catch {
      throw new Error(`the cluster test needs redis-cli next to ${serverBin} (Debian: apt-get install redis-tools)`);
    }
    const ports: number[] = [];
    while (ports.length < masters) {
      const port = await freePort();
      if (!ports.includes(port)) ports.push(port);
    }
    const cluster = new RedisClusterProcesses(ports, mkdtempSync(path.join(tmpdir(), 'redis-cluster-')));
    try {
      for (const port of ports) {
        // prettier-ignore
        const child = spawn(serverBin, [
          '--port', String(port), '--bind', '127.0.0.1', '--cluster-enabled', 'yes',
          '--cluster-config-file', path.join(cluster.#dir, `nodes-${port}.conf`),
          '--cluster-node-timeout', '2000', '--save', '', '--appendonly', 'no', '--dir', cluster.#dir,
        ], { stdio: 'ignore' });
        cluster.#children.push(child);
      }
      await Promise.all(ports.map((port) => waitForRedis(port)));
      await run(cli, ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-yes'], {
        timeout: 20_000,
      });
      await cluster.#waitUntilOk();
      return cluster;
    } catch (err) {
      await cluster.stop();
      throw err;
    }
  }

  /** Runs a command on one node (no redirection). */
  async command(port: number, args: string[]): Promise<unknown> {
    const client = createClient({ socket: { host: '127.0.0.1', port, reconnectStrategy: false } });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await client.sendCommand(args);
    } finally {
      client.destroy();
    }
  }

  /** The keys matching a glob, per node (each node holds only its own slots' keys). */
  async keysByNode(match: string): Promise<Map<number, string[]>> {
    const out = new Map<number, string[]>();
    for (const port of this.ports) {
      const client = createClient({ socket: { host: '127.0.0.1', port, reconnectStrategy: false } });
      client.on('error', () => undefined);
      await client.connect();
      try {
        const keys: string[] = [];
        for await (const batch of client.scanIterator({ MATCH: match, COUNT: 1000 })) keys.push(...batch);
        out.set(port, keys);
      } finally {
        client.destroy();
      }
    }
    return out;
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.#children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGKILL');
          }),
      ),
    );
    rmSync(this.#dir, { recursive: true, force: true });
  }

  /** Every node reports cluster_state:ok (the slots are assigned and the nodes agree). */
  async #waitUntilOk(): Promise<void> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const states = await Promise.all(this.ports.map((port) => this.command(port, ['CLUSTER', 'INFO'])));
      if (states.every((info) => String(info).includes('cluster_state:ok'))) return;
      if (Date.now() > deadline) throw new Error(`the test cluster did not become ok: ${String(states[0])}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
