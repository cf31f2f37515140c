import type { FastifyBaseLogger } from 'fastify';
import type { HostPort } from './redis-settings.js';
export interface SentinelWatcherOptions {
    sentinels: HostPort[];
    masterName: string;
    password: string | null;
    tls: boolean;
    /** Between two rounds of questions to the Sentinels. */
    pollMs: number;
    /** Per-question timeout. */
    commandTimeoutMs: number;
    log: FastifyBaseLogger;
}
/** The master as the Sentinels name it, with the configuration epoch of that answer. */
export interface MasterAddress extends HostPort {
    epoch: number;
}
/** Start-up could not find the master: no Sentinel answered, or none knows the name. */
export declare class SentinelConfigError extends Error {
    constructor(message: string);
}
export declare const formatAddress: (address: HostPort) => string;
/**
 * Asks every Sentinel, every `pollMs` and at once on request (a data connection lost), which
 * address is the master of `masterName`, and reports changes. The answer with the highest
 * configuration epoch wins, so a Sentinel that has not yet heard of a failover (or restarted
 * with an old view) never sends the gateway back to a demoted master. One connection per
 * Sentinel, each reconnecting for ever on its own: Sentinels may restart one by one.
 */
export declare class SentinelWatcher {
    #private;
    constructor(options: SentinelWatcherOptions);
    get master(): MasterAddress | null;
    /**
     * Waits for the first answer naming the master, up to `timeoutMs`; throws SentinelConfigError
     * saying which setting is wrong (no Sentinel reachable, or no Sentinel knows the name).
     */
    discover(timeoutMs: number): Promise<MasterAddress>;
    /** Starts polling; `onChange` hears every new master address. */
    start(onChange: (address: MasterAddress) => void): void;
    /** Asks now (a data connection was lost: maybe a failover). */
    check(): void;
    close(): Promise<void>;
}
