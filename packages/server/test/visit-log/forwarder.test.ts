import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { EnrichedVisitLog } from '@credit-portal/shared';
import { GatewayMetrics } from '../../src/lib/metrics.js';
import { VisitLogForwarder, type DeliveryFailure } from '../../src/visit-log/forwarder.js';
import { MemoryVisitLogStream } from '../../src/visit-log/memory-visit-log-stream.js';

const quiet = {
  level: 'silent',
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  silent() {},
  child() {
    return quiet;
  },
} as unknown as FastifyBaseLogger;

const event = (i: number) => ({ eventId: `e-${i}` }) as EnrichedVisitLog;

type Deliver = (events: readonly EnrichedVisitLog[]) => Promise<DeliveryFailure | null>;

/** Runs a forwarder of these batch and retry settings over the stream until `done()` holds, then stops it. */
async function forwardUntil(
  stream: MemoryVisitLogStream,
  deliver: Deliver,
  options: { batchSize: number; backoffBaseMs: number; concurrency: number },
  done: () => boolean,
): Promise<void> {
  const settings = { batchWaitMs: 20, claimIdleMs: 60_000, backoffMaxMs: 50, ...options };
  const forwarder = new VisitLogForwarder(stream, deliver, settings, new GatewayMetrics(), quiet);
  forwarder.start();
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
  await forwarder.stop();
}

async function run(concurrency: number) {
  const stream = new MemoryVisitLogStream(100_000);
  await stream.append(Array.from({ length: 1000 }, (_, i) => event(i)));
  let inFlight = 0;
  let most = 0;
  const delivered: string[] = [];
  const deliver: Deliver = async (events) => {
    inFlight += 1;
    most = Math.max(most, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 5));
    delivered.push(...events.map((e) => e.eventId));
    inFlight -= 1;
    return null;
  };
  await forwardUntil(
    stream,
    deliver,
    { batchSize: 50, backoffBaseMs: 10, concurrency },
    () => delivered.length >= 1000,
  );
  const counts = await stream.counts();
  return { most, delivered, counts };
}

describe('visit-log forwarder', () => {
  it('delivers up to `concurrency` batches at once, each event once, all acknowledged', async () => {
    const parallel = await run(4);
    expect(parallel.most).toBe(4);
    expect(new Set(parallel.delivered).size).toBe(1000);
    expect(parallel.delivered).toHaveLength(1000);
    expect(parallel.counts).toMatchObject({ queued: 0, pending: 0 });
  });

  it('with concurrency 1 delivers one batch at a time, in order', async () => {
    const serial = await run(1);
    expect(serial.most).toBe(1);
    expect(serial.delivered).toEqual(Array.from({ length: 1000 }, (_, i) => `e-${i}`));
  });

  it('backs off with every batch in flight at once and warns of no listener leak at the highest concurrency', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    const concurrency = 64;
    const stream = new MemoryVisitLogStream(100_000);
    await stream.append(Array.from({ length: concurrency * 10 }, (_, i) => event(i)));
    let calls = 0;
    const delivered = new Set<string>();
    // Every batch fails until all of them have been tried once: each is waiting to retry at once.
    const deliver: Deliver = async (events) => {
      calls += 1;
      if (calls <= concurrency) return { kind: 'transient', reason: 'upstream down' };
      for (const e of events) delivered.add(e.eventId);
      return null;
    };
    const all = () => delivered.size >= concurrency * 10;
    await forwardUntil(stream, deliver, { batchSize: 10, backoffBaseMs: 20, concurrency }, all);
    // A warning is emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });
});
