import { API_PATHS, type LoginRequest, type LoginResult } from '@credit-portal/shared';
import { request } from '@/lib/api-client';

/** Logs in with a mobile number and password (POST /user/login). */
export function loginWithPassword(body: LoginRequest): Promise<LoginResult> {
  return request<LoginResult>(API_PATHS.login, { method: 'POST', body });
}
