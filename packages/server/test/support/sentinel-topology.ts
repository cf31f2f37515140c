import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { freePort, waitForRedis } from './redis-process.js';

export const MASTER_NAME = 'gatewaymaster';

type NodeName = 'primary' | 'replica' | `sentinel${number}`;

interface Node {
  name: NodeName;
  port: number;
  args: string[];
  child: ChildProcess | null;
}

/**
 * A primary, a replica and three Sentinels on free loopback ports, each in its own temporary
 * directory (AOF on, as in production), Sentinels quick to act (down-after 400 ms). Every
 * process is killed and the directory removed by stop(), which tests call in afterAll.
 */
export class SentinelTopology {
  readonly dir: string;
  readonly nodes = new Map<NodeName, Node>();
  readonly downAfterMs: number;

  private constructor(dir: string, downAfterMs: number) {
    this.dir = dir;
    this.downAfterMs = downAfterMs;
  }

  static async start(bin: string, downAfterMs = 400): Promise<SentinelTopology> {
    const topology = new SentinelTopology(await mkdtemp(join(tmpdir(), 'gateway-test-sentinel-')), downAfterMs);
    try {
      await topology.#boot(bin);
    } catch (err) {
      await topology.stop();
      throw err;
    }
    return topology;
  }

  /** `127.0.0.1:p1,127.0.0.1:p2,127.0.0.1:p3` for REDIS_SENTINELS. */
  get sentinels(): string {
    return this.#sentinelNodes()
      .map((node) => `127.0.0.1:${node.port}`)
      .join(',');
  }

  port(name: NodeName): number {
    return this.nodes.get(name)!.port;
  }

  /** SIGKILL (the host died) or SIGTERM; resolves once the process is gone. */
  async kill(name: NodeName, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const node = this.nodes.get(name)!;
    const child = node.child;
    node.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  /** Starts a stopped node again with its first arguments (a Sentinel re-reads its rewritten config). */
  async restart(name: NodeName): Promise<void> {
    const node = this.nodes.get(name)!;
    if (node.child) return;
    node.child = this.#spawn(node);
    await waitForRedis(node.port);
  }

  /** The master address the Sentinels agree on (all three answering the same), or null. */
  async agreedMaster(): Promise<number | null> {
    const answers = await Promise.all(
      this.#sentinelNodes().map((node) =>
        this.command(node.port, ['SENTINEL', 'GET-MASTER-ADDR-BY-NAME', MASTER_NAME]).catch(() => null),
      ),
    );
    const ports = answers.map((a) => (Array.isArray(a) ? Number(a[1]) : null));
    return ports.every((p) => p !== null && p === ports[0]) ? ports[0]! : null;
  }

  /** One command on a short-lived connection. */
  async command(port: number, args: string[]): Promise<unknown> {
    const client = createClient({
      socket: { host: '127.0.0.1', port, connectTimeout: 1000, reconnectStrategy: false },
      disableClientInfo: true,
    });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await client.sendCommand(args);
    } finally {
      client.destroy();
    }
  }

  async role(port: number): Promise<string | null> {
    const reply = await this.command(port, ['ROLE']).catch(() => null);
    return Array.isArray(reply) ? String(reply[0]) : null;
  }

  async stop(): Promise<void> {
    await Promise.all([...this.nodes.keys()].map((name) => this.kill(name, 'SIGKILL')));
    await rm(this.dir, { recursive: true, force: true });
  }

  #sentinelNodes(): Node[] {
    return [...this.nodes.values()].filter((node) => node.name.startsWith('sentinel'));
  }

  #spawn(node: Node): ChildProcess {
    const child = spawn(node.args[0]!, node.args.slice(1), { stdio: 'ignore' });
    child.on('error', () => undefined);
    return child;
  }

  async #add(name: NodeName, port: number, args: string[]): Promise<void> {
    const node: Node = { name, port, args, child: null };
    this.nodes.set(name, node);
    node.child = this.#spawn(node);
    await waitForRedis(port);
  }

  async #boot(bin: string): Promise<void> {
    const [primary, replica, ...sentinels] = await Promise.all(Array.from({ length: 5 }, () => freePort()));
    const data = (name: string, port: number) => {
      const dir = join(this.dir, name);
      return [
        bin,
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'everysec',
      ];
    };
    await mkdir(join(this.dir, 'primary'));
    await mkdir(join(this.dir, 'replica'));
    await this.#add('primary', primary!, data('primary', primary!));
    await this.#add('replica', replica!, [...data('replica', replica!), '--replicaof', '127.0.0.1', String(primary)]);
    await waitUntil(async () => {
      const info = String(await this.command(replica!, ['INFO', 'replication']));
      return info.includes('master_link_status:up');
    }, 'the replica to sync');
    for (const [index, port] of sentinels.entries()) {
      const conf = join(this.dir, `sentinel${index}.conf`);
      await writeFile(
        conf,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `dir ${this.dir}`,
          `sentinel monitor ${MASTER_NAME} 127.0.0.1 ${primary} 2`,
          `sentinel down-after-milliseconds ${MASTER_NAME} ${this.downAfterMs}`,
          `sentinel failover-timeout ${MASTER_NAME} 4000`,
          `sentinel parallel-syncs ${MASTER_NAME} 1`,
          '',
        ].join('\n'),
      );
      await this.#add(`sentinel${index}`, port!, [bin, conf, '--sentinel']);
    }
    // Every Sentinel knows the replica and the two other Sentinels (hello messages every 2 s).
    await waitUntil(async () => {
      for (const node of this.#sentinelNodes()) {
        const reply = (await this.command(node.port, ['SENTINEL', 'MASTER', MASTER_NAME])) as string[];
        const fields = new Map<string, string>();
        for (let i = 0; i + 1 < reply.length; i += 2) fields.set(reply[i]!, reply[i + 1]!);
        if (fields.get('num-slaves') !== '1' || fields.get('num-other-sentinels') !== '2') return false;
      }
      return true;
    }, 'the sentinels to know each other and the replica');
  }
}

/** Polls until the check passes or 20 s pass (a bound, not a timing). */
export async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
