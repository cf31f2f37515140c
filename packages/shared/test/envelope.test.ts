import { describe, expect, it } from 'vitest';
import { errorEnvelope, normalizeEnvelope } from '../src/envelope.js';

describe('normalizeEnvelope', () => {
  it('reads the ErrorCode/Data/Msg dialect', () => {
    expect(normalizeEnvelope('errorCode', { ErrorCode: 200, Data: [1], Msg: '' })).toEqual({
      ok: true,
      code: 200,
      message: '',
      data: [1],
    });
    expect(normalizeEnvelope('errorCode', { ErrorCode: 500, Data: null, Msg: '查询失败' })).toEqual({
      ok: false,
      code: 500,
      message: '查询失败',
      data: null,
    });
    expect(normalizeEnvelope('errorCode', { ErrorCode: 404, Data: null, msg: '未找到该记录' })?.message).toBe(
      '未找到该记录',
    );
  });

  it('reads the CMS status/msg/data dialect, taking data.msg when msg is empty', () => {
    expect(normalizeEnvelope('msg', { status: 200, msg: 'ok', data: { siteName: '东湖区' } })).toEqual({
      ok: true,
      code: 200,
      message: 'ok',
      data: { siteName: '东湖区' },
    });
    expect(normalizeEnvelope('msg', { status: 500, msg: '', data: { msg: '站点不存在' } })?.message).toBe('站点不存在');
  });

  it('reads the Success, successful and Status dialects', () => {
    expect(normalizeEnvelope('success', { Success: true, Data: { Name: '张三' }, Msg: '' })?.ok).toBe(true);
    expect(normalizeEnvelope('success', { Success: false, Data: null, Msg: '令牌无效' })).toMatchObject({
      ok: false,
      message: '令牌无效',
    });
    expect(normalizeEnvelope('successful', { successful: true, msg: '发送成功' })).toMatchObject({
      ok: true,
      message: '发送成功',
      data: null,
    });
    expect(normalizeEnvelope('status', { Data: { Status: 10, Data: '{}' }, Msg: '' })).toMatchObject({
      ok: true,
      code: 10,
    });
    expect(normalizeEnvelope('status', { Data: { Status: 20 }, Msg: '暂无报告' })).toMatchObject({
      ok: false,
      code: 20,
      message: '暂无报告',
    });
    expect(normalizeEnvelope('status', { Data: null, Msg: '参数错误' })).toMatchObject({ ok: false, code: 'failed' });
  });

  it('returns null for a body that is not of the dialect', () => {
    expect(normalizeEnvelope('errorCode', { status: 200 })).toBeNull();
    expect(normalizeEnvelope('msg', [1, 2])).toBeNull();
    expect(normalizeEnvelope('success', 'text')).toBeNull();
    expect(normalizeEnvelope('status', {})).toBeNull();
  });

  it('turns 用户未登录！ into the not_logged_in error whatever the dialect', () => {
    const expected = errorEnvelope('not_logged_in');
    expect(normalizeEnvelope('errorCode', { ErrorCode: 401, Data: null, Msg: '用户未登录！' })).toEqual(expected);
    expect(normalizeEnvelope('success', { Success: false, Data: null, Msg: '用户未登录！' })).toEqual(expected);
    expect(expected.message).toBe('用户未实名登录或实名登录过期');
  });
});
