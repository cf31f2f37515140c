import type { H5CertType } from '@credit-portal/shared';
import { H5_HEADS } from '@credit-portal/shared/heads/h5';
import { call } from '@/lib/api-client';

/** POST /api/user/peroncreditencode on the login page's mount: the channel's encrypted wrapper. */
export const encodeChannel = (Platform: string): Promise<string> =>
  call(H5_HEADS.h5Encode, { body: { Platform, Remark: '', ComIp: '' } });

/**
 * A cert token for the face verification, bound to this browser's code challenge; ReturnUrl is
 * where that page sends the person back; ConsentVersion the version of the rules whose
 * face-verification notice the person agreed to (the service records it before answering).
 */
export const getCertToken = (
  type: H5CertType,
  EncodeMsg: string | undefined,
  ReturnUrl: string,
  CodeChallenge: string,
  ConsentVersion: string,
): Promise<string> =>
  call(H5_HEADS.h5CertToken, { query: { type }, body: { EncodeMsg, ReturnUrl, CodeChallenge, ConsentVersion } });

/** Test mode: name and ID → an alternate-channel token (Data is JSON holding izgtxytoken). */
export async function testLogin(Name: string, IdCard: string, type: H5CertType): Promise<string> {
  const data = await call(H5_HEADS.h5TestLogin, { query: { Name, IdCard, type } });
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    parsed = null;
  }
  const token = (parsed as { izgtxytoken?: unknown } | null)?.izgtxytoken;
  if (typeof token !== 'string' || token === '') throw new Error('the test login answered without an izgtxytoken');
  return token;
}
