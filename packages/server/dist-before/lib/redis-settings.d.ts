import type { EnvReader } from '@credit-portal/shared';
/** A host and port, as a Sentinel list gives them. */
export interface HostPort {
    host: string;
    port: number;
}
/** How the gateway reaches Redis: none (in process), one URL, the master a set of Sentinels names, or a Cluster. */
export type RedisTarget = {
    mode: 'none';
} | {
    mode: 'url';
    url: string;
} | {
    mode: 'cluster';
    /** Seed nodes: the client learns the whole cluster (CLUSTER SLOTS) from the first that answers. */
    nodes: HostPort[];
    /** AUTH of the cluster's nodes, null: none. */
    username: string | null;
    password: string | null;
    tls: boolean;
} | {
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
/** Parses `host:port,host:port` (IPv6 as `[::1]:26379`); a problem is reported for the variable. */
export declare function parseHostPorts(read: EnvReader, name: string, value: string): HostPort[];
/**
 * The Redis settings: REDIS_URL, or REDIS_SENTINELS + REDIS_SENTINEL_MASTER, or
 * REDIS_CLUSTER_NODES, or none for the in-process default; each bad value is one problem.
 * The gateway and the dead-letter replay command read the same settings.
 */
export declare function readRedisSettings(read: EnvReader): RedisSettings;
