import { API_PATHS, type CreatePromiseRequest, type CreditPromise } from '@credit-portal/shared';
import { request } from '@/lib/api-client';

/** Files a credit promise for an entity (POST /user/entpromise). */
export const createPromise = (body: CreatePromiseRequest): Promise<CreditPromise> =>
  request<CreditPromise>(API_PATHS.myPromises, { method: 'POST', body, auth: true });
