import { H5_HEADS } from '@credit-portal/shared/heads/h5';
import { call } from '@/lib/api-client';

/** 退出: the service revokes the Infotoken and every token made from it. */
export async function logout(Infotoken: string): Promise<void> {
  await call(H5_HEADS.h5Logout, { body: { Infotoken } });
}
