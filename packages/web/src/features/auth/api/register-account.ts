import { API_PATHS, type LoginResult, type RegisterRequest } from '@credit-portal/shared';
import { request } from '@/lib/api-client';

/** Registers a mobile account and logs it in (POST /user/register). */
export function registerAccount(body: RegisterRequest): Promise<LoginResult> {
  return request<LoginResult>(API_PATHS.register, { method: 'POST', body });
}
