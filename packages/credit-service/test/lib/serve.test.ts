import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { defineRoute } from '@credit-portal/shared';
import { errorCodeOk, msgOk } from '../../src/lib/dialect.js';
import { serve } from '../../src/lib/serve.js';
import errorHandlerPlugin from '../../src/plugins/error-handler.js';

/*
 * serve(): a route is its contract row. Rows made up here (paths of no real row) show that the
 * body schema, the empty-field message and the answer's dialect come from the row alone.
 */

const SEARCH = defineRoute({
  path: '/api/serve-test/search',
  methods: ['POST'],
  upstream: 'credit',
  dialect: 'errorCode',
  body: Type.Object({ Keyword: Type.String({ minLength: 1 }) }),
  data: Type.Object({ Echo: Type.String() }),
  emptyFieldMessages: { Keyword: '请输入关键字' },
});

const LIST = defineRoute({
  path: '/Cms/serve-test/list',
  methods: ['GET', 'POST'],
  upstream: 'cms',
  dialect: 'msg',
  query: Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1 })) }),
  data: Type.Object({ page: Type.Integer() }),
});

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(errorHandlerPlugin);
  serve(app, SEARCH, async (request) => errorCodeOk({ Echo: request.body.Keyword, Extra: 'dropped' }));
  serve(app, LIST, async (request) => msgOk({ page: request.query.page ?? 1 }), { method: 'GET' });
  await app.ready();
});
afterAll(() => app.close());

describe('a route served from its contract row', () => {
  it('validates the body by the row and answers by its data schema, in its dialect', async () => {
    const ok = await app.inject({ method: 'POST', url: SEARCH.path, payload: { Keyword: '科技' } });
    expect(ok.statusCode).toBe(200);
    // The row's data schema serializes the answer: a field it does not name is not sent.
    expect(ok.json()).toEqual({ ErrorCode: 200, Data: { Echo: '科技' }, Msg: '' });
    const wrong = await app.inject({ method: 'POST', url: SEARCH.path, payload: { Keyword: { text: '科技' } } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ ErrorCode: 400, Data: null });
  });

  it('answers an empty field with the row’s own message', async () => {
    const empty = await app.inject({ method: 'POST', url: SEARCH.path, payload: { Keyword: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ ErrorCode: 400, Data: null, Msg: '请输入关键字' });
  });

  it('serves only the method it is given, with the row’s query schema', async () => {
    expect((await app.inject({ method: 'GET', url: `${LIST.path}?page=3` })).json()).toEqual({
      status: 200,
      msg: 'ok',
      data: { page: 3 },
    });
    const refused = await app.inject({ method: 'GET', url: `${LIST.path}?page=0` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ status: 400, data: null });
    expect((await app.inject({ method: 'POST', url: LIST.path, payload: {} })).statusCode).toBe(404);
  });
});
