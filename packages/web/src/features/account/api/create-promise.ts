import { CONTRACTS, type CreatePromiseRequest, type CreditPromise } from '@credit-portal/shared';
import { call } from '@/lib/api-client';

/** Files a credit promise for an entity (POST /user/entpromise). */
export const createPromise = (body: CreatePromiseRequest): Promise<CreditPromise> =>
  call(CONTRACTS.createPromise, { body });
