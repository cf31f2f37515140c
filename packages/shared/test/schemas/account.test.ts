import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { LoginResultSchema, WechatLoginRequestSchema } from '../../src/schemas/account.js';

describe('account schemas', () => {
  it('takes a chat-app login as an authorization code with its state, never a bare identifier', () => {
    expect(Value.Check(WechatLoginRequestSchema, { Code: 'c0de', State: '0123456789abcdef0123456789abcdef' })).toBe(
      true,
    );
    expect(Value.Check(WechatLoginRequestSchema, { OpenId: 'o-wechat-1' })).toBe(false);
    expect(Value.Check(WechatLoginRequestSchema, { Code: 'c0de', State: 'short' })).toBe(false);
    expect(Value.Check(WechatLoginRequestSchema, { Code: 'c0de', State: '<script>alert(1)</script>xx' })).toBe(false);
  });

  it('describes a login result as spec §3 keeps it', () => {
    const result = {
      UserInfo: { User: { Mobile: '13800138000', JwtToken: 'a.b.c' } },
      JwtToken: 'a.b.c',
      RealAuthInfo: { LoginType: 'User', AuthTime: '2026-11-21T08:00:00.000Z', ExpireTime: '2026-11-21T10:00:00.000Z' },
    };
    expect(Value.Check(LoginResultSchema, result)).toBe(true);
    expect(Value.Check(LoginResultSchema, { ...result, UserInfo: { Wechat: { Nickname: '海风' } } })).toBe(true);
    expect(Value.Check(LoginResultSchema, { ...result, UserInfo: { Mobile: '13800138000' } })).toBe(false);
  });
});
