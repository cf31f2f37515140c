import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, GATEWAY_PATHS, type EnrichedVisitLog } from '@credit-portal/shared';
import { buildApp } from '../../../src/app.js';
import { testConfig, upstreamEnv, waitFor } from '../../support/gateway.js';
import { startUpstream, type Upstream } from '../../support/upstream.js';
import { visitBody, visitRecord } from '../../support/visit-logs.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Real-user Web Vitals riding on visit-log records into the admin port's histograms. */
describe('web vitals through the visit log', () => {
  let upstream: Upstream;
  let app: FastifyInstance;
  /** What the intake queued for the upstream, as the stream received it. */
  const queued: EnrichedVisitLog[] = [];

  beforeAll(async () => {
    upstream = await startUpstream();
    // No REDIS_URL: the in-memory stream; the forwarder delivers to the stub upstream.
    app = await buildApp(testConfig(upstreamEnv(upstream.url)));
    await app.ready();
    const append = app.visitLog.append.bind(app.visitLog);
    app.visitLog.append = async (events) => {
      queued.push(...events);
      await append(events);
    };
  });

  afterAll(async () => {
    await app?.close();
    await upstream?.close();
  });

  const post = (records: readonly unknown[], userAgent = DESKTOP) =>
    app.inject({
      method: 'POST',
      url: API_PATHS.visitLog,
      headers: { 'content-type': 'application/json', 'user-agent': userAgent },
      payload: visitBody(records),
    });

  const metrics = async () => (await app.admin.inject({ method: 'GET', url: GATEWAY_PATHS.metrics })).body;

  /** The value of one exposition line, by its exact series (name and labels). */
  const series = (text: string, name: string): number | undefined => {
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return line === undefined ? undefined : Number(line.slice(name.length + 1));
  };

  it('counts the samples of a posted batch in histograms by section and device, and keeps them from the upstream', async () => {
    const phone = await post(
      [
        {
          ...visitRecord('0103', '/xyfw/search?keyword=x'),
          eventId: 'vitals-phone-0001',
          vitals: [
            { name: 'LCP', value: 2300, section: 'home' },
            { name: 'CLS', value: 0.04, section: 'home' },
            { name: 'INP', value: 180, section: 'home' },
            { name: 'FCP', value: 1200, section: 'home' },
            { name: 'TTFB', value: 400, section: 'home' },
          ],
        },
        visitRecord('0104'),
      ],
      IPHONE,
    );
    expect(phone.statusCode).toBe(202);
    expect(phone.json()).toMatchObject({ ok: true, data: { accepted: 2, rejected: [] } });
    const desktop = await post([{ ...visitRecord(), vitals: [{ name: 'LCP', value: 5200, section: 'h5' }] }]);
    expect(desktop.statusCode).toBe(202);

    const text = await metrics();
    // 2.3 s falls in the 2.5 s bucket, not the 2 s one; one phone sample of each metric on home.
    expect(series(text, 'gateway_web_vitals_lcp_seconds_bucket{le="2",section="home",device="phone"}')).toBe(0);
    expect(series(text, 'gateway_web_vitals_lcp_seconds_bucket{le="2.5",section="home",device="phone"}')).toBe(1);
    expect(series(text, 'gateway_web_vitals_lcp_seconds_sum{section="home",device="phone"}')).toBeCloseTo(2.3);
    expect(series(text, 'gateway_web_vitals_cls_bucket{le="0.05",section="home",device="phone"}')).toBe(1);
    expect(series(text, 'gateway_web_vitals_cls_bucket{le="0.025",section="home",device="phone"}')).toBe(0);
    expect(series(text, 'gateway_web_vitals_inp_seconds_bucket{le="0.2",section="home",device="phone"}')).toBe(1);
    expect(series(text, 'gateway_web_vitals_fcp_seconds_count{section="home",device="phone"}')).toBe(1);
    expect(series(text, 'gateway_web_vitals_ttfb_seconds_sum{section="home",device="phone"}')).toBeCloseTo(0.4);
    expect(series(text, 'gateway_web_vitals_lcp_seconds_count{section="h5",device="desktop"}')).toBe(1);
    expect(series(text, 'gateway_web_vitals_lcp_seconds_bucket{le="5",section="h5",device="desktop"}')).toBe(0);

    // No identifier in any Web Vitals series: only section and device (and the bucket's le) as labels.
    const vitalLines = text.split('\n').filter((l) => l.startsWith('gateway_web_vitals_'));
    expect(vitalLines.length).toBeGreaterThan(0);
    for (const line of vitalLines) {
      const labels = [...line.matchAll(/([a-z_]+)="/g)].map((m) => m[1]);
      expect(labels.filter((label) => label !== 'le')).toEqual(['section', 'device']);
      expect(line).not.toMatch(/vitals-phone|xyfw|keyword|0103/);
    }

    // The records go on without their samples: the upstream's record format is the spec's.
    expect(queued).toHaveLength(3);
    for (const event of queued) expect(event).not.toHaveProperty('vitals');
    await waitFor(async () => (await upstream.visitLogs()).eventIds.includes('vitals-phone-0001'), 'delivery');
  });

  it.each([
    ['an unknown metric', { name: 'FID', value: 10, section: 'home' }],
    ['an unknown section', { name: 'LCP', value: 10, section: '/xyfw/search?id=42' }],
    ['a negative value', { name: 'LCP', value: -1, section: 'home' }],
    ['a time beyond ten minutes', { name: 'TTFB', value: 600_001, section: 'home' }],
    ['a CLS beyond its bound', { name: 'CLS', value: 101, section: 'home' }],
    ['a value that is not a number', { name: 'INP', value: '200', section: 'home' }],
    ['an identifier', { name: 'LCP', value: 10, section: 'home', id: 'v5-1700000000000-123' }],
  ])('refuses a record whose sample has %s with the envelope and counts nothing', async (_case, sample) => {
    const before = await metrics();
    const response = await post([{ ...visitRecord(), vitals: [sample] }], IPHONE);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      ok: false,
      code: 'bad_request',
      data: { rejected: [{ index: 0, reason: expect.any(String) }] },
    });
    const after = await metrics();
    const vitals = (text: string) => text.split('\n').filter((l) => l.startsWith('gateway_web_vitals_'));
    expect(vitals(after)).toEqual(vitals(before));
  });

  it('refuses too many samples on one record, and keeps the valid records of the batch', async () => {
    const many = Array.from({ length: 26 }, () => ({ name: 'FCP', value: 900, section: 'news' }));
    const response = await post([visitRecord(), { ...visitRecord(), vitals: many }]);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ data: { accepted: 1, rejected: [{ index: 1 }] } });
    expect(series(await metrics(), 'gateway_web_vitals_fcp_seconds_count{section="news",device="desktop"}')).toBe(
      undefined,
    );
  });
});
