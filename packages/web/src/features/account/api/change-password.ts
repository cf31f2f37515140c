import type { PasswordChangeRequest, PasswordResetResult } from '@credit-portal/shared';
import { ACCOUNT_HEADS } from '@credit-portal/shared/heads/account';
import { call } from '@/lib/api-client';

/** 修改密码 (POST /user/password/change, bearer): the current password and a new one; every other login of the account ends. */
export function changePassword(body: PasswordChangeRequest): Promise<PasswordResetResult> {
  return call(ACCOUNT_HEADS.passwordChange, { body });
}
