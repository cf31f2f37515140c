import { describe, expect, it } from 'vitest';
import type { Dialect } from '@credit-portal/shared';
import { normalizeUpstreamAnswer } from '../../src/upstream/normalize.js';

const json = { 'content-type': 'application/json; charset=utf-8' };
const answer = (dialect: Dialect, body: unknown, status = 200, headers: Record<string, string> = json) =>
  normalizeUpstreamAnswer(
    dialect,
    status,
    headers,
    Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  );

describe('normalizeUpstreamAnswer', () => {
  it('normalizes every legacy dialect', () => {
    expect(answer('errorCode', { ErrorCode: 200, Data: [1], Msg: 'ok' })).toEqual({
      statusCode: 200,
      envelope: { ok: true, code: 200, message: 'ok', data: [1] },
    });
    expect(answer('msg', { status: 200, msg: '成功', data: { list: [] } }).envelope).toEqual({
      ok: true,
      code: 200,
      message: '成功',
      data: { list: [] },
    });
    expect(answer('success', { Success: false, Data: null, Msg: '无数据' }).envelope).toEqual({
      ok: false,
      code: 'failed',
      message: '无数据',
      data: null,
    });
    expect(answer('successful', { successful: true, msg: '发送成功' }).envelope).toMatchObject({
      ok: true,
      code: 200,
      message: '发送成功',
    });
    expect(answer('status', { Data: { Status: 10, Data: 'x' }, Msg: '' }).envelope).toMatchObject({
      ok: true,
      code: 10,
    });
  });

  it('keeps an upstream error envelope with its own code and the upstream HTTP status', () => {
    expect(answer('errorCode', { ErrorCode: 500, Data: null, Msg: '查询失败' })).toEqual({
      statusCode: 200,
      envelope: { ok: false, code: 500, message: '查询失败', data: null },
    });
    expect(answer('errorCode', { ErrorCode: 404, Data: null, Msg: '记录不存在' }, 404)).toEqual({
      statusCode: 404,
      envelope: { ok: false, code: 404, message: '记录不存在', data: null },
    });
  });

  it('turns 用户未登录！ into 401 not_logged_in in any dialect', () => {
    expect(answer('errorCode', { ErrorCode: 500, Data: null, Msg: '用户未登录！' })).toEqual({
      statusCode: 401,
      envelope: { ok: false, code: 'not_logged_in', message: '用户未实名登录或实名登录过期', data: null },
    });
    expect(answer('success', { Success: false, Data: null, Msg: '用户未登录！' }).statusCode).toBe(401);
  });

  it('answers 502 for upstream 5xx without passing its message or data on', () => {
    const result = answer(
      'errorCode',
      { ErrorCode: 500, Data: { stack: 'at x' }, Msg: 'NullReferenceException at Foo.Bar' },
      500,
    );
    expect(result.statusCode).toBe(502);
    expect(result.envelope).toEqual({ ok: false, code: 500, message: '服务暂时出现问题，请稍后再试', data: null });
    expect(answer('errorCode', '<html>boom</html>', 503, { 'content-type': 'text/html' })).toEqual({
      statusCode: 502,
      envelope: { ok: false, code: 'upstream_error', message: '服务暂时出现问题，请稍后再试', data: null },
    });
  });

  it('answers 502 upstream_invalid_response for a non-JSON or wrong-dialect success and for redirects', () => {
    expect(answer('errorCode', '<html></html>', 200, { 'content-type': 'text/html' }).envelope.code).toBe(
      'upstream_invalid_response',
    );
    expect(answer('errorCode', 'not json').statusCode).toBe(502);
    expect(answer('errorCode', { status: 200, msg: 'x', data: 1 }).envelope.code).toBe('upstream_invalid_response');
    expect(answer('errorCode', Buffer.alloc(3).toString(), 200, { 'content-type': 'image/png' }).envelope.code).toBe(
      'upstream_invalid_response',
    );
    expect(answer('errorCode', '', 302, {}).envelope.code).toBe('upstream_invalid_response');
  });

  it("gives a 4xx answer without the dialect the gateway's own code for the status", () => {
    expect(answer('msg', { statusCode: 404, error: 'Not Found' }, 404)).toEqual({
      statusCode: 404,
      envelope: { ok: false, code: 'not_found', message: '请求的地址不存在', data: null },
    });
    expect(answer('msg', { message: 'bad' }, 400).envelope.code).toBe('bad_request');
  });
});
