import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, mobileProblem, passwordProblem, smsCodeProblem } from '../../src/vocabulary/account.js';

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
    // At least 8 characters of at least three kinds: upper case, lower case, digits, symbols.
    ['Yunzhou2026', null],
    ['Abc12345', null],
    ['abc-1234', null],
    ['ABC_defg', null],
    ['密码abc12345', null],
    ['', ACCOUNT_MESSAGES.passwordRequired],
    ['Abc1234', ACCOUNT_MESSAGES.passwordWeak],
    ['abc12345', ACCOUNT_MESSAGES.passwordWeak],
    ['right1234', ACCOUNT_MESSAGES.passwordWeak],
    ['ABCDEFGH', ACCOUNT_MESSAGES.passwordWeak],
    ['abcdefgh', ACCOUNT_MESSAGES.passwordWeak],
    ['12345678', ACCOUNT_MESSAGES.passwordWeak],
    [`A1${'x'.repeat(63)}`, ACCOUNT_MESSAGES.passwordTooLong],
  ])('password %j → %j', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  it.each([
    ['123456', null],
    ['', ACCOUNT_MESSAGES.smsCodeRequired],
    ['12345', ACCOUNT_MESSAGES.smsCodeFormat],
    ['1234567', ACCOUNT_MESSAGES.smsCodeFormat],
    ['12345a', ACCOUNT_MESSAGES.smsCodeFormat],
  ])('SMS code %j → %j', (code, problem) => {
    expect(smsCodeProblem(code)).toBe(problem);
  });
});
