import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { ACCOUNT_MESSAGES, LoginResultSchema, mobileProblem, passwordProblem } from './account.js';

describe('account rules', () => {
  it.each([
    ['13800138000', null],
    ['19912345678', null],
    ['', ACCOUNT_MESSAGES.mobileRequired],
    ['12800138000', ACCOUNT_MESSAGES.mobileInvalid],
    ['1380013800', ACCOUNT_MESSAGES.mobileInvalid],
    ['138001380000', ACCOUNT_MESSAGES.mobileInvalid],
    ['1380013800a', ACCOUNT_MESSAGES.mobileInvalid],
    ['+8613800138000', ACCOUNT_MESSAGES.mobileInvalid],
  ])('mobile %j → %j', (mobile, problem) => {
    expect(mobileProblem(mobile)).toBe(problem);
  });

  it.each([
    ['abc12345', null],
    ['密码abc12345', null],
    ['', ACCOUNT_MESSAGES.passwordRequired],
    ['abc1234', ACCOUNT_MESSAGES.passwordWeak],
    ['abcdefgh', ACCOUNT_MESSAGES.passwordWeak],
    ['12345678', ACCOUNT_MESSAGES.passwordWeak],
    [`a1${'x'.repeat(63)}`, ACCOUNT_MESSAGES.passwordTooLong],
  ])('password %j → %j', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
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
