import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@credit-portal/shared';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  GoneError,
  InternalError,
  NotFoundError,
  PayloadTooLargeError,
  ServiceError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
  toServiceError,
} from '../../src/lib/errors.js';
import { buildTestApp, injectJson, type TestApp } from '../helper.js';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await buildTestApp({ seedEntities: 100 });
  app = testApp.app;
});
afterAll(() => testApp.close());

describe('bad input and unknown paths', () => {
  it('answers malformed JSON, a wrong content type and an empty body with 400 in the route’s dialect', async () => {
    const cases = [
      {
        url: API_PATHS.entitySearch,
        payload: '{"EntNameOrCreditCode":',
        type: 'application/json',
        msg: '参数错误：请求体不是合法的 JSON',
      },
      {
        url: API_PATHS.entitySearch,
        payload: 'EntNameOrCreditCode=x',
        type: 'application/x-www-form-urlencoded',
        msg: '参数错误：不支持的 Content-Type，请使用 application/json',
      },
      // Login takes JSON only: a cross-site HTML form cannot try passwords.
      {
        url: API_PATHS.login,
        payload: 'Mobile=13900000000&Password=x',
        type: 'application/x-www-form-urlencoded',
        msg: '参数错误：不支持的 Content-Type，请使用 application/json',
      },
      { url: API_PATHS.contentList, payload: '', type: 'application/json', msg: '参数错误：请求体为空' },
      {
        url: API_PATHS.contentList,
        payload: '['.repeat(5000) + ']'.repeat(5000),
        type: 'application/json',
        msg: '参数错误：请求体嵌套层级超过 32 层',
      },
      {
        url: API_PATHS.entitySearch,
        payload: JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]))),
        type: 'application/json',
        msg: '参数错误：请求体字段数超过 1000 个',
      },
      { url: API_PATHS.contentList, payload: 'categoryId=1001', type: 'text/plain', msg: '参数错误：请求体 应为对象' },
      { url: API_PATHS.contentList, payload: '[1,2]', type: 'application/json', msg: '参数错误：请求体 应为对象' },
    ];
    for (const c of cases) {
      const response = await injectJson<Record<string, unknown>>(app, {
        method: 'POST',
        url: c.url,
        payload: c.payload,
        headers: { 'content-type': c.type },
      });
      expect(response.status, c.url + c.type).toBe(400);
      const message = c.url.startsWith('/Cms') ? response.body.msg : response.body.Msg;
      expect(message, c.payload).toBe(c.msg);
      expect(response.raw).not.toMatch(/at .+\.(js|ts):\d+/);
    }
  });

  it('refuses a body of malformed UTF-8 with 400 and one over the body limit with 413, before parsing', async () => {
    const post = (payload: Buffer) =>
      injectJson<Record<string, unknown>>(app, {
        method: 'POST',
        url: API_PATHS.entitySearch,
        payload,
        headers: { 'content-type': 'application/json' },
      });
    // Never decoded into U+FFFD and searched for.
    const notUtf8 = await post(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]));
    expect(notUtf8.status).toBe(400);
    expect(notUtf8.body.Msg).toBe('参数错误：请求体不是有效的 UTF-8 编码');
    const tooLarge = await post(Buffer.from(`{"EntNameOrCreditCode":"${'x'.repeat(3 * 1024 * 1024)}"}`));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.Msg).toBe('请求内容过大');
  });

  it('answers wrong types and sizes with a Chinese reason', async () => {
    const wrongType = await injectJson(app, {
      method: 'POST',
      url: API_PATHS.contentDetail,
      payload: { recordId: { a: 1 } },
    });
    expect(wrongType.body).toEqual({ status: 400, msg: '参数错误：recordId 应为字符串', data: null });
    const tooLong = await injectJson(app, {
      method: 'POST',
      url: API_PATHS.entitySearch,
      payload: { EntNameOrCreditCode: 'x'.repeat(101) },
    });
    expect(tooLong.body).toEqual({
      ErrorCode: 400,
      Data: null,
      Msg: '参数错误：EntNameOrCreditCode 长度不能超过 100 个字符',
    });
    const tooMany = await injectJson(app, {
      method: 'POST',
      url: API_PATHS.contentListAll,
      payload: { categoryIds: [] },
    });
    expect(tooMany.body).toEqual({ status: 400, msg: '参数错误：categoryIds 至少包含 1 项', data: null });
  });

  it('answers an unknown path with 404 in the dialect of its prefix', async () => {
    const cms = await injectJson(app, { method: 'GET', url: '/Cms/nothing-here' });
    expect(cms.status).toBe(404);
    expect(cms.body).toEqual({ status: 404, msg: '请求的地址不存在', data: null });
    const api = await injectJson(app, { method: 'POST', url: '/api/dmenterprise/nothing', payload: {} });
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ ErrorCode: 404, Data: null, Msg: '请求的地址不存在' });
    const wrongMethod = await injectJson(app, { method: 'GET', url: API_PATHS.contentList });
    expect(wrongMethod.status).toBe(404);
  });

  it('hides internal failures behind a 500 in the dialect', async () => {
    // Moving a table away makes the route's query fail inside SQLite.
    app.db.exec('ALTER TABLE media_images RENAME TO media_images_moved');
    try {
      const response = await injectJson(app, { url: `${API_PATHS.images}banner-1.svg` });
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ status: 500, msg: '系统繁忙，请稍后再试', data: null });
      expect(response.raw).not.toMatch(/media_images|SQLITE|no such table/i);
    } finally {
      app.db.exec('ALTER TABLE media_images_moved RENAME TO media_images');
    }
  });
});

describe('named service errors', () => {
  it('carry their HTTP status and stable code, and are ServiceErrors', () => {
    const cases = [
      [new BadRequestError('x'), 400, 'bad_request'],
      [new UnsupportedMediaTypeError('x'), 400, 'unsupported_media_type'],
      [new UnauthorizedError('x'), 401, 'unauthorized'],
      [new ForbiddenError('x'), 403, 'forbidden'],
      [new NotFoundError('x'), 404, 'not_found'],
      [new ConflictError('x'), 409, 'conflict'],
      [new GoneError('x'), 410, 'gone'],
      [new PayloadTooLargeError('x'), 413, 'payload_too_large'],
      [new TooManyRequestsError('x'), 429, 'rate_limited'],
      [new ServiceUnavailableError('x'), 503, 'service_unavailable'],
    ] as const;
    for (const [error, statusCode, code] of cases) {
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toBeInstanceOf(Error);
      expect({ statusCode: error.statusCode, code: error.code, message: error.message }).toEqual({
        statusCode,
        code,
        message: 'x',
      });
      expect(error.name).toBe(error.constructor.name);
    }
  });

  it('answer whatever else a request ends with: the framework’s refusals, and a 500 that says nothing', () => {
    const known = new GoneError('x');
    expect(toServiceError(known)).toBe(known);
    const broken = toServiceError(new Error('SQLITE_ERROR: no such table: secrets'));
    expect(broken).toBeInstanceOf(InternalError);
    expect([broken.statusCode, broken.code, broken.message]).toEqual([500, 'internal_error', '系统繁忙，请稍后再试']);
    const refused = toServiceError(Object.assign(new Error('Method Not Allowed'), { statusCode: 405 }));
    expect([refused.statusCode, refused.code, refused.message]).toEqual([405, 'bad_request', '请求参数有误']);
    const tooLarge = toServiceError(Object.assign(new Error('too large'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE' }));
    expect([tooLarge.statusCode, tooLarge.code]).toEqual([413, 'payload_too_large']);
  });
});
