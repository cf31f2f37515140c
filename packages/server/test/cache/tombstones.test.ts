import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ProducedAnswer } from '../../src/cache/cache-entry.js';
import { ResponseCache } from '../../src/cache/response-cache.js';
import { GatewayMetrics } from '../../src/lib/metrics.js';
import type { CachePolicy } from '../../src/route-table.js';

/*
 * A purge is a tombstone: what it withdrew is not kept or served again, even by a fill that was
 * in flight when it came, nor as a stale answer when the upstream then fails.
 */

const POLICY: CachePolicy = { ttlMs: 0, staleMs: 0, errorStaleMs: 86_400_000, tags: ['penalty:1'], keyTag: null };
const OPTIONS = {
  memoryBytes: 1_000_000,
  maxEntryBytes: 100_000,
  lockMs: 1000,
  lockWaitMs: 1000,
  compressMinBytes: 1_000_000,
  tombstoneMs: 86_400_000,
};

const answer = (text: string): ProducedAnswer => ({
  statusCode: 200,
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(text),
  cacheable: true,
});
const failing = (): Promise<ProducedAnswer> => Promise.reject(new Error('upstream down'));

const cache = () => new ResponseCache(OPTIONS, null, new GatewayMetrics(), Fastify({ logger: false }).log);

describe('purge tombstones', () => {
  it('serves a stale entry when the upstream fails, but not once it was purged', async () => {
    const c = cache();
    await c.respond('k', '/p', POLICY, async () => answer('old'));
    expect((await c.respond('k', '/p', POLICY, failing)).status).toBe('STALE');
    await c.purge({ tags: ['penalty:1'] });
    await expect(c.respond('k', '/p', POLICY, failing)).rejects.toThrow('upstream down');
  });

  it('does not keep what a fill in flight during the purge brings back', async () => {
    const c = cache();
    let release!: (value: ProducedAnswer) => void;
    const inFlight = c.respond('k', '/p', POLICY, () => new Promise<ProducedAnswer>((resolve) => (release = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await c.purge({ tags: ['penalty:1'] });
    // (Tombstones count in milliseconds: a fill begun in the purge's own millisecond counts as before it.)
    await new Promise((resolve) => setTimeout(resolve, 5));
    // A request after the purge does not join the fill that began before it.
    const after = c.respond('k', '/p', POLICY, async () => answer('new'));
    release(answer('old'));
    expect((await inFlight).answer.body.toString()).toBe('old');
    expect((await after).answer.body.toString()).toBe('new');
    expect(c.hit('k')).toBeUndefined(); // ttl 0: nothing fresh
    // The old answer was never kept: on failure, only the new one may be served stale.
    expect((await c.respond('k', '/p', POLICY, failing)).answer.body.toString()).toBe('new');
  });

  it('leaves entries of other tags alone', async () => {
    const c = cache();
    const other = { ...POLICY, tags: ['penalty:2'] };
    await c.respond('k2', '/p', other, async () => answer('kept'));
    await c.purge({ tags: ['penalty:1'] });
    expect((await c.respond('k2', '/p', other, failing)).answer.body.toString()).toBe('kept');
  });
});
