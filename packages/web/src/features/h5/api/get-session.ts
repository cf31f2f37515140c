import type { H5CertType, H5UserInfo } from '@credit-portal/shared';
import useSWR from 'swr';
import { readCertToken, readIzToken, storeInfotoken } from '../h5-storage';
import { exchangeCertToken, exchangeIzToken, exchangeTestIdentity } from './exchange-user-info';

/** The query parameters of a test login by parameters (test mode). */
export const TEST_QUERY = { name: 'name', idCard: 'idCard' } as const;

/** Where the person's identity comes from, by the load rules of spec §4. */
export type H5SessionSource =
  | { kind: 'test'; name: string; idCard: string }
  | { kind: 'alternate'; token: string }
  | { kind: 'cert'; token: string; type: H5CertType };

/**
 * Spec §4: test query parameters (name and ID) first, else the alternate-channel token, else the
 * stored cert token; null when there is nothing to exchange (the person must log in).
 */
export function sessionSource(search: URLSearchParams, certType: H5CertType): H5SessionSource | null {
  const name = search.get(TEST_QUERY.name)?.trim();
  const idCard = search.get(TEST_QUERY.idCard)?.trim();
  if (name && idCard) return { kind: 'test', name, idCard };
  const alternate = readIzToken();
  if (alternate) return { kind: 'alternate', token: alternate };
  const cert = readCertToken();
  if (cert) return { kind: 'cert', token: cert, type: certType };
  return null;
}

/** Exchanges the source for the person's user info and stores the Infotoken. */
export async function resolveSession(source: H5SessionSource): Promise<H5UserInfo> {
  let user: H5UserInfo;
  if (source.kind === 'test') user = await exchangeTestIdentity(source.name, source.idCard);
  else if (source.kind === 'alternate') user = await exchangeIzToken(source.token);
  else user = await exchangeCertToken(source.token, source.type);
  storeInfotoken(user.Infotoken);
  return user;
}

const sessionKey = (source: H5SessionSource) =>
  source.kind === 'test'
    ? (['h5-session', 'test', source.name, source.idCard] as const)
    : (['h5-session', source.kind, source.token] as const);

/** The person of this page (exchanged once per source; never retried: a refused token means log in again). */
export function useH5Session(source: H5SessionSource | null) {
  return useSWR(source ? sessionKey(source) : null, () => resolveSession(source!), {
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}
