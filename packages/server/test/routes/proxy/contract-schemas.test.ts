import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { API_PATHS, UPSTREAM_ROUTES, type UpstreamRoute } from '@credit-portal/shared';
import { ENVELOPE_KEYS, startGateway, testConfig, type RunningGateway, upstreamEnv } from '../../support/gateway.js';
import { startUpstream, type Upstream } from '../../support/upstream.js';

/*
 * The endpoint contracts of packages/shared: every proxied route that declares a query or
 * body schema refuses input breaking it at the gateway — the normalized 400 with a Chinese message,
 * x-cache BYPASS — and the upstream never hears of it.
 */

interface JsonSchema {
  type?: string;
  maxLength?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

/** A value for a property that its schema refuses (as a query value when `asText`). */
function breakingValue(schema: JsonSchema): unknown {
  if (schema.type === 'integer' || schema.type === 'number') return 'x';
  if (schema.type === 'string' && schema.maxLength !== undefined) return 'a'.repeat(schema.maxLength + 1);
  if (schema.type === 'string') return undefined;
  return 'x';
}

/** An input (query or body) that its object schema refuses: a missing required field, or one bad property. */
function breakingInput(schema: JsonSchema): Record<string, unknown> | unknown[] {
  if (schema.required && schema.required.length > 0) return {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const value = breakingValue(property);
    if (value !== undefined) return { [name]: value };
  }
  // Nothing to break by field: the wrong type altogether.
  return [];
}

const validated = UPSTREAM_ROUTES.filter((route) => route.query || route.body);
const label = (route: UpstreamRoute) => `${route.methods.join('/')} ${route.path}`;

describe('endpoint contracts at the gateway', () => {
  let upstream: Upstream;
  let gateway: RunningGateway;

  beforeAll(async () => {
    upstream = await startUpstream();
    // In test mode: the H5 test login's rows are routes too (without it they are none).
    gateway = await startGateway(testConfig({ ...upstreamEnv(upstream.url), H5_TEST_MODE: 'true' }));
  });

  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it('covers every JSON route of the table that takes input', () => {
    const jsonPosts = UPSTREAM_ROUTES.filter((route) => route.methods.includes('POST'));
    // Upload rows (multipartFields) take multipart bodies, validated by the upstream.
    expect(jsonPosts.filter((route) => !route.body && !route.multipartFields).map(label)).toEqual([]);
    expect(validated.length).toBeGreaterThan(30);
  });

  it.each(validated.map((route) => [label(route), route] as const))(
    '%s refuses input that breaks its schema, before any upstream call',
    async (_label, route) => {
      const before = await upstream.count(route.path);
      const call = route.body
        ? request(gateway.url)
            .post(route.path)
            .send(breakingInput(route.body as JsonSchema) as object)
        : request(gateway.url)
            .get(route.path)
            .query(breakingInput(route.query as JsonSchema) as Record<string, string>);
      const response = await call;
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(Object.keys(response.body).sort()).toEqual(ENVELOPE_KEYS);
      expect(response.body).toMatchObject({ ok: false, code: 'bad_request', data: null });
      expect(response.body.message).toMatch(/^(参数错误|请)/);
      expect(response.headers['x-cache']).toBe('BYPASS');
      expect(await upstream.count(route.path)).toBe(before);
    },
  );

  it('refuses a form-encoded body on a JSON route with 415, without calling the upstream', async () => {
    const route = UPSTREAM_ROUTES.find((row) => row.body && row.upstream === 'credit')!;
    const before = await upstream.count(route.path);
    const response = await request(gateway.url)
      .post(route.path)
      .type('form')
      .send({ Mobile: '13800000000', Password: 'x' })
      .expect(415);
    expect(response.body).toMatchObject({ ok: false, code: 'unsupported_media_type' });
    expect(await upstream.count(route.path)).toBe(before);
  });

  it('writes answers by their data schema: a field the contract does not name never leaves the gateway', async () => {
    // A CMS that says more than the contract names (e.g. a contact's phone number in a site record).
    const cms = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          status: 200,
          msg: 'ok',
          data: [
            { recordId: '9001', categoryId: '6001', cmsBaseId: '11', siteName: '云岩区', contactMobile: '13800000000' },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve));
    const { port } = cms.address() as AddressInfo;
    const talkative = await startGateway(
      testConfig({
        CREDIT_API_URL: upstream.url,
        CMS_API_URL: `http://127.0.0.1:${port}`,
        REPORT_API_URL: upstream.url,
      }),
    );
    try {
      const route = UPSTREAM_ROUTES.find((row) => row.path === API_PATHS.districtList)!;
      expect(route.data).toBeDefined();
      const answer = await request(talkative.url).get(route.path).expect(200);
      expect(answer.body).toMatchObject({ ok: true, data: [{ recordId: '9001', siteName: '云岩区' }] });
      expect(answer.text).not.toContain('contactMobile');
      expect(answer.text).not.toContain('13800000000');
    } finally {
      await talkative.close();
      await new Promise((resolve) => cms.close(resolve));
    }
  });
});
