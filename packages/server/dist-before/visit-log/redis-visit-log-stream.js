import { readEvent } from './visit-log-stream.js';
const GROUP = 'forwarders';
const FIELD = 'e';
/**
 * The stream's and the dead-letter stream's keys under REDIS_KEY_PREFIX, and the field holding an
 * event. Both carry the hash tag {visitlog}: every transaction that touches the stream and the
 * dead letters (and the group's bookkeeping, which lives in the stream key) stays in one slot.
 */
export const STREAM_KEY = '{visitlog}:stream';
export const DEAD_LETTER_KEY = '{visitlog}:dead';
export const EVENT_FIELD = FIELD;
/** The keys before they were hash-tagged; renamed once at start (single Redis or Sentinel master). */
const LEGACY_KEYS = [
    ['visitlog:stream', STREAM_KEY],
    ['visitlog:dead', DEAD_LETTER_KEY],
];
/** Connections the durable appends (and their WAIT) spread over, so one slow WAIT holds up no other post. */
const WRITERS = 4;
/** A replica did not acknowledge an append within REDIS_WAIT_TIMEOUT_MS: not durable enough to answer 2xx. */
export class ReplicaAckError extends Error {
    constructor(wanted, got) {
        super(`${got} of ${wanted} replicas acknowledged the append`);
        this.name = 'ReplicaAckError';
    }
}
/**
 * The visit-log queue on a Redis Stream with one consumer group shared by every replica.
 * Delivered entries are acknowledged and deleted, so the stream holds only undelivered and
 * pending events; dead letters go to a second stream that is never trimmed.
 */
export class RedisVisitLogStream {
    durable = true;
    #redis;
    /** Blocking reads get their own connection so they never hold up other commands. */
    #blocking;
    /** Appends waiting for a replica's acknowledgement block their connection: they get their own. */
    #writers;
    #nextWriter = 0;
    #stream;
    #dead;
    #groupReady = false;
    #migrated = false;
    constructor(redis) {
        this.#redis = redis;
        this.#blocking = redis.dedicated('visitlog-reader');
        this.#writers =
            redis.waitReplicas > 0
                ? Array.from({ length: WRITERS }, (_, i) => redis.dedicated(`visitlog-writer-${i}`, redis.waitTimeoutMs + 1000))
                : [];
        this.#stream = redis.key(STREAM_KEY);
        this.#dead = redis.key(DEAD_LETTER_KEY);
        // A new master (or a Redis that lost its data) may lack the group: make it again on first use.
        redis.onReady(() => {
            this.#groupReady = false;
        });
    }
    get ready() {
        return this.#redis.isReady;
    }
    get readable() {
        return this.#redis.isReady && this.#blocking.isReady;
    }
    /**
     * Appends in one transaction. With REDIS_WAIT_REPLICAS, resolves only once that many replicas
     * have the entries (WAIT), else throws ReplicaAckError: the entries are on the master and will
     * be delivered, but a failover right now could lose them, so the browser is told to resend
     * (its event ids make the resend harmless).
     */
    async append(events) {
        if (events.length === 0)
            return;
        const wanted = this.#redis.waitReplicas;
        const writer = wanted > 0 ? this.#pickWriter() : this.#redis.client;
        const multi = writer.multi();
        for (const event of events)
            multi.xAdd(this.#stream, '*', { [FIELD]: JSON.stringify(event) });
        await multi.exec();
        if (wanted === 0)
            return;
        const acknowledged = await this.#redis.waitForReplicas(writer, this.#stream, wanted, this.#redis.waitTimeoutMs);
        if (acknowledged < wanted)
            throw new ReplicaAckError(wanted, acknowledged);
    }
    #pickWriter() {
        for (let i = 0; i < this.#writers.length; i += 1) {
            const writer = this.#writers[(this.#nextWriter + i) % this.#writers.length];
            if (writer.isReady) {
                this.#nextWriter = (this.#nextWriter + i + 1) % this.#writers.length;
                return writer.client;
            }
        }
        throw new Error('visit-log writer connections not ready');
    }
    async readNew(consumer, count, blockMs) {
        if (!this.#blocking.isReady)
            throw new Error('visit-log reader connection not ready');
        const reply = await this.#withGroup(() => this.#blocking.client.xReadGroup(GROUP, consumer, { key: this.#stream, id: '>' }, { COUNT: count, BLOCK: Math.max(1, Math.round(blockMs)) }));
        const streams = (reply ?? []);
        return streams.flatMap((stream) => stream.messages.map(toEntry));
    }
    async claimIdle(consumer, minIdleMs, count) {
        const reply = await this.#withGroup(() => this.#redis.client.xAutoClaim(this.#stream, GROUP, consumer, minIdleMs, '0-0', { COUNT: count }));
        // Entries deleted while pending are reported by id only: nothing left to deliver, just acknowledge.
        const deleted = reply.deletedMessages;
        if (deleted.length > 0)
            await this.#redis.client.xAck(this.#stream, GROUP, deleted);
        return reply.messages.filter((m) => m !== null).map(toEntry);
    }
    async renew(consumer, ids) {
        if (ids.length === 0)
            return [];
        const reply = await this.#redis.client.xClaim(this.#stream, GROUP, consumer, 0, [...ids]);
        return reply.filter((m) => m !== null).map(toEntry);
    }
    async deliveries(consumer, ids) {
        const wanted = new Set(ids);
        const pending = await this.#redis.client.xPendingRange(this.#stream, GROUP, '-', '+', ids.length * 2 + 16, {
            consumer,
        });
        let max = 0;
        for (const item of pending)
            if (wanted.has(item.id))
                max = Math.max(max, Number(item.deliveriesCounter));
        return max;
    }
    async ack(ids) {
        if (ids.length === 0)
            return;
        await this.#redis.client
            .multi()
            .xAck(this.#stream, GROUP, [...ids])
            .xDel(this.#stream, [...ids])
            .exec();
    }
    async deadLetter(entries, deliveries, reason) {
        if (entries.length === 0)
            return;
        const ids = entries.map((entry) => entry.id);
        const multi = this.#redis.client.multi();
        const failedAt = new Date().toISOString();
        for (const entry of entries) {
            multi.xAdd(this.#dead, '*', {
                [FIELD]: entry.raw,
                sourceId: entry.id,
                deliveries: String(deliveries),
                reason,
                failedAt,
            });
        }
        await multi.xAck(this.#stream, GROUP, ids).xDel(this.#stream, ids).exec();
    }
    async counts() {
        const [length, pending, dead] = await Promise.all([
            this.#redis.client.xLen(this.#stream),
            this.#withGroup(() => this.#redis.client.xPending(this.#stream, GROUP)),
            this.#redis.client.xLen(this.#dead),
        ]);
        const pendingCount = Number(pending.pending);
        return { queued: Math.max(0, Number(length) - pendingCount), pending: pendingCount, deadLettered: Number(dead) };
    }
    async removeConsumer(consumer) {
        const summary = await this.#redis.client.xPending(this.#stream, GROUP);
        if ((summary.consumers ?? []).some((c) => c.name === consumer))
            return;
        await this.#redis.client.xGroupDelConsumer(this.#stream, GROUP, consumer);
    }
    async removeIdleConsumers(self, minIdleMs) {
        const consumers = await this.#withGroup(() => this.#redis.client.xInfoConsumers(this.#stream, GROUP));
        const idle = consumers.filter((c) => c.name !== self && Number(c.pending) === 0 && Number(c.idle) >= minIdleMs);
        for (const consumer of idle)
            await this.#redis.client.xGroupDelConsumer(this.#stream, GROUP, consumer.name);
        return idle.map((consumer) => consumer.name);
    }
    /** Runs a group command, creating the stream and group first if Redis lost or never had them. */
    async #withGroup(command) {
        if (!this.#groupReady)
            await this.#ensureGroup();
        try {
            return await command();
        }
        catch (err) {
            if (!String(err.message).includes('NOGROUP'))
                throw err;
            await this.#ensureGroup();
            return command();
        }
    }
    async #ensureGroup() {
        if (!this.#migrated)
            await this.#migrateLegacyKeys();
        try {
            await this.#redis.client.xGroupCreate(this.#stream, GROUP, '0', { MKSTREAM: true });
        }
        catch (err) {
            if (!String(err.message).includes('BUSYGROUP'))
                throw err;
        }
        this.#groupReady = true;
    }
    /**
     * Renames the stream and dead letters of a gateway from before the hash tags (consumer group and
     * pending entries travel with the key), so an upgrade strands nothing. RENAMENX: never overwrites.
     * Runs in single-Redis and Sentinel mode, where both names are on the one master.
     */
    async #migrateLegacyKeys() {
        // A cluster gateway never had the old names (Cluster mode came with the hash tags), and a
        // RENAME across slots would be refused.
        if (this.#redis.mode === 'cluster') {
            this.#migrated = true;
            return;
        }
        for (const [legacy, current] of LEGACY_KEYS) {
            const from = this.#redis.key(legacy);
            if ((await this.#redis.client.exists(from)) === 0)
                continue;
            // Both exist (an older replica wrote on during a rolling upgrade): left for the replay command.
            await this.#redis.client.renameNX(from, this.#redis.key(current));
        }
        this.#migrated = true;
    }
}
function toEntry(message) {
    const raw = message.message[FIELD] ?? '';
    return { id: message.id, event: readEvent(raw), raw };
}
//# sourceMappingURL=redis-visit-log-stream.js.map