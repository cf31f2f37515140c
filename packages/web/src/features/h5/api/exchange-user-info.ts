import type { H5CertType, H5UserInfo } from '@credit-portal/shared';
import { H5_HEADS } from '@credit-portal/shared/heads/h5';
import { call } from '@/lib/api-client';

/** Test mode: name and ID straight to user info (the home page's test query parameters). */
export const exchangeTestIdentity = (Name: string, IdCard: string): Promise<H5UserInfo> =>
  call(H5_HEADS.h5TestUserInfo, { body: { Name, IdCard } });

/** An alternate-channel token (izgtxytoken) → user info (a POST body: the token never rides in a URL). */
export const exchangeIzToken = (token: string): Promise<H5UserInfo> =>
  call(H5_HEADS.h5IzLogin, { body: { Infotoken: token } });

/**
 * A face-verified cert token → user info, with the one-time code the verification sent the
 * person back with and the verifier of the token's challenge (a POST body: neither rides in a URL).
 */
export const exchangeCertToken = (
  certToken: string,
  code: string,
  verifier: string,
  type: H5CertType,
): Promise<H5UserInfo> => call(H5_HEADS.h5CertExchange, { body: { certToken, code, verifier, type } });

/** This tab's Infotoken (a reload) → the same user info; the Infotoken stays as it is. */
export const resumeSession = (Infotoken: string): Promise<H5UserInfo> =>
  call(H5_HEADS.h5Session, { body: { Infotoken } });
