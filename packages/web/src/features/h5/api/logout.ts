import { CONTRACTS } from '@credit-portal/shared';
import { call } from '@/lib/api-client';

/** 退出: the service revokes the Infotoken and every token made from it. */
export async function logout(Infotoken: string): Promise<void> {
  await call(CONTRACTS.h5Logout, { body: { Infotoken } });
}
