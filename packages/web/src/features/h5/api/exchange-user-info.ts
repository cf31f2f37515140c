import { CONTRACTS, type H5CertType, type H5UserInfo } from '@credit-portal/shared';
import { call } from '@/lib/api-client';

/** Test mode: name and ID straight to user info (the home page's test query parameters). */
export const exchangeTestIdentity = (Name: string, IdCard: string): Promise<H5UserInfo> =>
  call(CONTRACTS.h5TestUserInfo, { body: { Name, IdCard } });

/** An alternate-channel token (izgtxytoken) → user info. */
export const exchangeIzToken = (token: string): Promise<H5UserInfo> =>
  call(CONTRACTS.h5IzLogin, { query: { Infotoken: token } });

/** A face-verified cert token → user info. */
export const exchangeCertToken = (certToken: string, type: H5CertType): Promise<H5UserInfo> =>
  call(CONTRACTS.h5CertExchange, { query: { certToken, type } });
