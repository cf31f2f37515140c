import type { CreatePromiseRequest, CreditPromise } from '@credit-portal/shared';
import { ACCOUNT_HEADS } from '@credit-portal/shared/heads/account';
import { call } from '@/lib/api-client';

/** Files a credit promise for an entity (POST /user/entpromise). */
export const createPromise = (body: CreatePromiseRequest): Promise<CreditPromise> =>
  call(ACCOUNT_HEADS.createPromise, { body });
