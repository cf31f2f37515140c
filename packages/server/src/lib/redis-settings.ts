import type { EnvReader } from '@credit-portal/node-common';

/** A host and port, as a Sentinel list gives them. */
export interface HostPort {
  host: string;
  port: number;
}

/** How the gateway reaches Redis: none (in process), one URL, the master a set of Sentinels names, or a Cluster. */
export type RedisTarget =
  | { mode: 'none' }
  | {
      mode: 'url';
      url: string;
      /** AUTH given beside a URL that carries none (REDIS_USERNAME, REDIS_PASSWORD or REDIS_PASSWORD_FILE), null: none. */
      username: string | null;
      password: string | null;
    }
  | {
      mode: 'cluster';
      /** Seed nodes: the client learns the whole cluster (CLUSTER SLOTS) from the first that answers. */
      nodes: HostPort[];
      /** AUTH of the cluster's nodes, null: none. */
      username: string | null;
      password: string | null;
      tls: boolean;
    }
  | {
      mode: 'sentinel';
      sentinels: HostPort[];
      masterName: string;
      /** AUTH of the Sentinels themselves (requirepass in sentinel.conf), null: none. */
      sentinelPassword: string | null;
      sentinelTls: boolean;
      /** AUTH of the master and replicas, null: none. */
      username: string | null;
      password: string | null;
      tls: boolean;
      /** How often the Sentinels are asked for the master (besides at every lost connection). */
      pollMs: number;
    };

export interface RedisSettings {
  target: RedisTarget;
  keyPrefix: string;
  commandTimeoutMs: number;
  /**
   * Replicas that must acknowledge a visit-log append (WAIT) before the intake answers 2xx;
   * 0: the master's acknowledgement is enough.
   */
  waitReplicas: number;
  waitTimeoutMs: number;
}

const REDIS_PROTOCOLS = { protocols: ['redis:', 'rediss:'] };

/** Parses `host:port,host:port` (IPv6 as `[::1]:26379`); a problem is reported for the variable. */
export function parseHostPorts(read: EnvReader, name: string, value: string): HostPort[] {
  const out: HostPort[] = [];
  for (const part of value.split(',').map((p) => p.trim())) {
    const match = /^(?:\[([0-9a-fA-F:.]+)\]|([A-Za-z0-9._-]+)):(\d{1,5})$/.exec(part);
    const port = match ? Number(match[3]) : 0;
    if (!match || port < 1 || port > 65535) {
      read.problem(name, `must be a comma-separated list of host:port (got "${part}")`);
      return [];
    }
    out.push({ host: (match[1] ?? match[2])!, port });
  }
  if (out.length === 0) read.problem(name, 'must name at least one host:port');
  return out;
}

/** True when a redis:// URL names a user or a password. */
function urlHasCredentials(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username !== '' || parsed.password !== '';
  } catch {
    return false;
  }
}

/** The three ways to name Redis; at most one may be set. */
const REDIS_TARGET_VARIABLES = ['REDIS_URL', 'REDIS_SENTINELS', 'REDIS_CLUSTER_NODES'] as const;

/**
 * The Redis settings: REDIS_URL, or REDIS_SENTINELS + REDIS_SENTINEL_MASTER, or
 * REDIS_CLUSTER_NODES, or none for the in-process default; each bad value is one problem.
 * The gateway and the dead-letter replay command read the same settings.
 */
export function readRedisSettings(read: EnvReader): RedisSettings {
  const url = read.optionalUrl('REDIS_URL', REDIS_PROTOCOLS);
  const sentinelsRaw = read.optionalString('REDIS_SENTINELS', 1, 4096);
  const clusterRaw = read.optionalString('REDIS_CLUSTER_NODES', 1, 4096);
  const masterName = read.optionalString('REDIS_SENTINEL_MASTER', 1, 128);
  const sentinelPassword = read.optionalString('REDIS_SENTINEL_PASSWORD', 1, 512);
  const sentinelTls = read.bool('REDIS_SENTINEL_TLS', false);
  const username = read.optionalString('REDIS_USERNAME', 1, 256);
  const password = read.optionalString('REDIS_PASSWORD', 1, 512);
  const tls = read.bool('REDIS_TLS', false);
  const pollMs = read.int('REDIS_SENTINEL_POLL_MS', 500, 50, 60_000);
  const keyPrefix = read.string('REDIS_KEY_PREFIX', 'credit-portal:', 64);
  if (/[{}]/.test(keyPrefix)) {
    read.problem('REDIS_KEY_PREFIX', 'must not contain { or }: the gateway sets the hash tags of its keys itself');
  }
  const given = REDIS_TARGET_VARIABLES.filter((_, i) => [url, sentinelsRaw, clusterRaw][i] !== null);
  if (given.length > 1) {
    read.problem(
      given[1]!,
      `is an alternative to ${given[0]}: set only one of ${REDIS_TARGET_VARIABLES.join(', ')} (got ${given.join(' and ')})`,
    );
  }
  if (sentinelsRaw !== null && masterName === null) {
    read.problem('REDIS_SENTINEL_MASTER', 'must be set with REDIS_SENTINELS: the name the Sentinels monitor');
  }
  if (sentinelsRaw === null && masterName !== null) {
    read.problem('REDIS_SENTINEL_MASTER', 'is only used with REDIS_SENTINELS (the Sentinels to ask)');
  }
  // A password belongs in a secret file (REDIS_PASSWORD_FILE), not in a URL the environment shows:
  // the URL may name the server alone, with its credentials beside it, but not both ways at once.
  if (url !== null && tls) {
    read.problem('REDIS_URL', 'says TLS itself (rediss://host): unset REDIS_TLS');
  }
  if (url !== null && (username !== null || password !== null) && urlHasCredentials(url)) {
    read.problem(
      'REDIS_URL',
      'carries its own credentials (redis://user:password@host): unset REDIS_USERNAME and REDIS_PASSWORD, or take them out of the URL',
    );
  }
  let target: RedisTarget = { mode: 'none' };
  if (url !== null) target = { mode: 'url', url, username, password };
  else if (clusterRaw !== null) {
    target = {
      mode: 'cluster',
      nodes: parseHostPorts(read, 'REDIS_CLUSTER_NODES', clusterRaw),
      username,
      password,
      tls,
    };
  } else if (sentinelsRaw !== null) {
    target = {
      mode: 'sentinel',
      sentinels: parseHostPorts(read, 'REDIS_SENTINELS', sentinelsRaw),
      masterName: masterName ?? '',
      sentinelPassword,
      sentinelTls,
      username,
      password,
      tls,
      pollMs,
    };
  }
  return {
    target,
    keyPrefix,
    commandTimeoutMs: read.int('REDIS_COMMAND_TIMEOUT_MS', 1000, 10, 60_000),
    // With Sentinel a replica exists by design: an append counts once one replica has it. A
    // cluster may run without replicas: there WAIT is asked for with REDIS_WAIT_REPLICAS only.
    waitReplicas: read.int('REDIS_WAIT_REPLICAS', target.mode === 'sentinel' ? 1 : 0, 0, 16),
    waitTimeoutMs: read.int('REDIS_WAIT_TIMEOUT_MS', 500, 1, 60_000),
  };
}
