import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { processSchemaCompilers } from '../../src/fastify/schema-compilers.js';

/** One route's schemas, the same objects for every instance (as the contract rows are). */
const ROUTE = {
  body: {
    type: 'object',
    properties: { name: { type: 'string', minLength: 1 } },
    required: ['name'],
    additionalProperties: false,
  },
  response: {
    200: { type: 'object', properties: { name: { type: 'string' }, at: { type: 'string' } } },
  },
} as const;

async function appWith(extra?: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify({ schemaController: { compilersFactory: processSchemaCompilers } });
  extra?.(app);
  app.post('/echo', { schema: ROUTE }, async (request) => ({
    ...(request.body as { name: string }),
    at: 'now',
    secret: 'not in the schema',
  }));
  await app.ready();
  return app;
}

describe('the process’s schema compilers', () => {
  it('validate and serialize as Fastify’s own in every instance built with them', async () => {
    for (const app of [await appWith(), await appWith()]) {
      const good = await app.inject({ method: 'POST', url: '/echo', payload: { name: '云州' } });
      // The answer's schema drops what it does not name, in the second instance as in the first.
      expect(good.json()).toEqual({ name: '云州', at: 'now' });
      const bad = await app.inject({ method: 'POST', url: '/echo', payload: { name: '', more: 1 } });
      expect(bad.statusCode).toBe(400);
      await app.close();
    }
  });

  it('compile a schema object once per option set, and again for other options or another object', () => {
    const route = { schema: ROUTE.response[200], method: 'POST', url: '/echo', httpStatus: '200' };
    const first = processSchemaCompilers.buildSerializer!({}, {})(route);
    expect(processSchemaCompilers.buildSerializer!({}, {})(route)).toBe(first);
    expect(processSchemaCompilers.buildSerializer!({}, { rounding: 'floor' })(route)).not.toBe(first);
    expect(processSchemaCompilers.buildSerializer!({}, {})({ ...route, schema: { ...route.schema } })).not.toBe(first);

    const validate = { schema: ROUTE.body, method: 'POST', url: '/echo', httpPart: 'body' };
    const options = { customOptions: { coerceTypes: 'array' as const } };
    const validator = processSchemaCompilers.buildValidator!({}, options)(validate);
    expect(processSchemaCompilers.buildValidator!({}, options)(validate)).toBe(validator);
    expect(processSchemaCompilers.buildValidator!({}, { customOptions: {} })(validate)).not.toBe(validator);
  });

  it('keep what one instance adds (app.addSchema) to that instance', async () => {
    const withShared = (minLength: number) => (app: FastifyInstance) => {
      app.addSchema({ $id: 'code', type: 'string', minLength });
      app.post('/code', { schema: { body: { $ref: 'code#' } } }, async () => ({ ok: true }));
    };
    const lenient = await appWith(withShared(1));
    const strict = await appWith(withShared(6));
    const ask = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/code', payload: '"abc"', headers: { 'content-type': 'application/json' } });
    expect((await ask(lenient)).statusCode).toBe(200);
    expect((await ask(strict)).statusCode).toBe(400);
    await Promise.all([lenient.close(), strict.close()]);
  });
});
