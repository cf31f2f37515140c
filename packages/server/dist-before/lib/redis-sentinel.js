import { createClient } from 'redis';
/** Start-up could not find the master: no Sentinel answered, or none knows the name. */
export class SentinelConfigError extends Error {
    constructor(message) {
        super(message);
        this.name = 'SentinelConfigError';
    }
}
const reconnect = (retries) => Math.min(100 * 2 ** Math.min(retries, 4), 1000);
export const formatAddress = (address) => address.host.includes(':') ? `[${address.host}]:${address.port}` : `${address.host}:${address.port}`;
/**
 * Asks every Sentinel, every `pollMs` and at once on request (a data connection lost), which
 * address is the master of `masterName`, and reports changes. The answer with the highest
 * configuration epoch wins, so a Sentinel that has not yet heard of a failover (or restarted
 * with an old view) never sends the gateway back to a demoted master. One connection per
 * Sentinel, each reconnecting for ever on its own: Sentinels may restart one by one.
 */
export class SentinelWatcher {
    #options;
    #clients;
    #lastError;
    #timer = null;
    #closed = false;
    #asking = null;
    #current = null;
    #onChange = null;
    constructor(options) {
        this.#options = options;
        this.#lastError = options.sentinels.map(() => 'not connected yet');
        this.#clients = options.sentinels.map((sentinel, index) => this.#open(sentinel, index));
    }
    get master() {
        return this.#current;
    }
    /**
     * Waits for the first answer naming the master, up to `timeoutMs`; throws SentinelConfigError
     * saying which setting is wrong (no Sentinel reachable, or no Sentinel knows the name).
     */
    async discover(timeoutMs) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
            const { best, down, unknown, answered } = await this.#askAll();
            if (best) {
                this.#current = best;
                return best;
            }
            // Every Sentinel answered and none knows the name: waiting will not help.
            if (answered === this.#clients.length && unknown > 0)
                break;
            if (Date.now() >= deadline) {
                // The Sentinels know the master but see it down: start degraded on it, polling finds its successor.
                if (down) {
                    this.#current = down;
                    return down;
                }
                break;
            }
            await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const { masterName, sentinels } = this.#options;
        const { unknown } = await this.#askAll();
        if (unknown > 0) {
            throw new SentinelConfigError(`REDIS_SENTINEL_MASTER: no Sentinel of ${sentinels.map(formatAddress).join(', ')} monitors a master named "${masterName}" (check the name in sentinel.conf: sentinel monitor <name> …)`);
        }
        const reasons = sentinels.map((s, i) => `${formatAddress(s)}: ${this.#lastError[i]}`).join('; ');
        throw new SentinelConfigError(`REDIS_SENTINELS: no Sentinel reachable within ${timeoutMs} ms (${reasons}); check the addresses, REDIS_SENTINEL_PASSWORD and REDIS_SENTINEL_TLS`);
    }
    /** Starts polling; `onChange` hears every new master address. */
    start(onChange) {
        this.#onChange = onChange;
        this.#schedule();
    }
    /** Asks now (a data connection was lost: maybe a failover). */
    check() {
        if (this.#closed)
            return;
        void this.#poll();
    }
    async close() {
        this.#closed = true;
        if (this.#timer)
            clearTimeout(this.#timer);
        await Promise.all(this.#clients.map(async (client) => {
            if (client.isOpen)
                client.destroy();
        }));
    }
    #schedule() {
        if (this.#closed)
            return;
        this.#timer = setTimeout(() => {
            void this.#poll().finally(() => this.#schedule());
        }, this.#options.pollMs);
        this.#timer.unref();
    }
    async #poll() {
        // One round at a time; a request during a round shares it.
        this.#asking ??= this.#askAll()
            .then(({ best }) => {
            if (best && !this.#closed) {
                const changed = !this.#current || this.#current.host !== best.host || this.#current.port !== best.port;
                if (changed && (!this.#current || best.epoch >= this.#current.epoch)) {
                    this.#current = best;
                    this.#onChange?.(best);
                }
                else if (!changed && best.epoch > (this.#current?.epoch ?? 0)) {
                    this.#current = best;
                }
            }
            return best;
        })
            .finally(() => {
            this.#asking = null;
        });
        return this.#asking;
    }
    async #askAll() {
        let best = null;
        let down = null;
        let unknown = 0;
        let answered = 0;
        await Promise.all(this.#clients.map(async (client, index) => {
            if (!client.isReady)
                return;
            try {
                const reply = (await client.sendCommand(['SENTINEL', 'MASTER', this.#options.masterName]));
                answered += 1;
                const fields = toFields(reply);
                const host = fields.get('ip');
                const port = Number(fields.get('port'));
                const flags = fields.get('flags') ?? '';
                if (!host || !Number.isInteger(port))
                    return;
                const epoch = Number(fields.get('config-epoch') ?? 0);
                // A master Sentinel itself considers down is no answer to move to (it is about to be replaced).
                if (/\b(s_down|o_down)\b/.test(flags)) {
                    if (!down || epoch > down.epoch)
                        down = { host, port, epoch };
                }
                else if (!best || epoch > best.epoch)
                    best = { host, port, epoch };
            }
            catch (err) {
                const message = err.message;
                if (/No such master/i.test(message)) {
                    answered += 1;
                    unknown += 1;
                }
                else {
                    this.#lastError[index] = message;
                }
            }
        }));
        return { best, down, unknown, answered };
    }
    #open(sentinel, index) {
        const client = createClient({
            socket: {
                host: sentinel.host,
                port: sentinel.port,
                connectTimeout: 2000,
                reconnectStrategy: reconnect,
                ...(this.#options.tls ? { tls: true } : {}),
            },
            ...(this.#options.password === null ? {} : { password: this.#options.password }),
            disableOfflineQueue: true,
            disableClientInfo: true,
            commandOptions: { timeout: this.#options.commandTimeoutMs },
        });
        let down = false;
        client.on('error', (err) => {
            this.#lastError[index] = err.message || err.name;
            if (!down && !this.#closed)
                this.#options.log.debug({ sentinel: formatAddress(sentinel), reason: err.message }, 'sentinel unreachable');
            down = true;
        });
        client.on('ready', () => {
            down = false;
        });
        client.connect().catch(() => undefined);
        return client;
    }
}
/** SENTINEL MASTER answers a flat [field, value, …] list (RESP2) or a map (RESP3). */
function toFields(reply) {
    const fields = new Map();
    if (Array.isArray(reply)) {
        for (let i = 0; i + 1 < reply.length; i += 2)
            fields.set(String(reply[i]), String(reply[i + 1]));
    }
    else if (reply && typeof reply === 'object') {
        for (const [key, value] of Object.entries(reply))
            fields.set(key, String(value));
    }
    return fields;
}
//# sourceMappingURL=redis-sentinel.js.map