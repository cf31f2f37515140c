import { H5_CODE_PARAM, type H5CertType, type H5UserInfo } from '@credit-portal/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import {
  clearCertLogin,
  clearInfotoken,
  readCertLogin,
  readInfotoken,
  readIzToken,
  storeInfotoken,
} from '../h5-storage';
import { TEST_QUERY } from '../session-evidence';
import { exchangeCertToken, exchangeIzToken, exchangeTestIdentity, resumeSession } from './exchange-user-info';

/** First element of the SWR keys of the H5 session (退出 drops them from the cache). */
export const H5_SESSION_KEY = 'h5-session';

/** Where the person's identity comes from, by the load rules of spec §4. */
export type H5SessionSource =
  | { kind: 'test'; name: string; idCard: string }
  | { kind: 'alternate'; token: string }
  | { kind: 'cert'; token: string; code: string; verifier: string; type: H5CertType }
  | { kind: 'tab'; infotoken: string };

/**
 * Spec §4, with the face verification bound to this browser: test query parameters (name and
 * ID) first, else the alternate-channel token, else the stored cert token with the one-time code
 * the face verification sent the person back with and the token's verifier, else this tab's
 * Infotoken (a reload); null when there is nothing to exchange (the person must log in). A code
 * without this browser's cert token and verifier (a verification finished elsewhere) is ignored.
 */
export function sessionSource(search: URLSearchParams, certType: H5CertType): H5SessionSource | null {
  const name = search.get(TEST_QUERY.name)?.trim();
  const idCard = search.get(TEST_QUERY.idCard)?.trim();
  if (name && idCard) return { kind: 'test', name, idCard };
  const alternate = readIzToken();
  if (alternate) return { kind: 'alternate', token: alternate };
  const code = search.get(H5_CODE_PARAM);
  const cert = readCertLogin();
  if (code && cert) return { kind: 'cert', token: cert.token, verifier: cert.verifier, code, type: certType };
  const infotoken = readInfotoken();
  if (infotoken) return { kind: 'tab', infotoken };
  return null;
}

/** Exchanges the source for the person's user info and keeps the Infotoken for this tab. */
export async function resolveSession(source: H5SessionSource): Promise<H5UserInfo> {
  let user: H5UserInfo;
  if (source.kind === 'test') user = await exchangeTestIdentity(source.name, source.idCard);
  else if (source.kind === 'alternate') user = await exchangeIzToken(source.token);
  else if (source.kind === 'cert') {
    // Any exchange spends the cert token: it is of no use afterwards, whatever the answer.
    clearCertLogin();
    user = await exchangeCertToken(source.token, source.code, source.verifier, source.type);
  } else {
    try {
      user = await resumeSession(source.infotoken);
    } catch (error) {
      clearInfotoken();
      throw error;
    }
  }
  storeInfotoken(user.Infotoken);
  return user;
}

const sessionKey = (source: H5SessionSource) => {
  if (source.kind === 'test') return [H5_SESSION_KEY, 'test', source.name, source.idCard] as const;
  if (source.kind === 'tab') return [H5_SESSION_KEY, 'tab', source.infotoken] as const;
  return [H5_SESSION_KEY, source.kind, source.token] as const;
};

/**
 * The page's source of identity, read once when the page opens; the one-time code is then taken out of the address bar (replacing the history
 * entry), so that it is neither kept in the history nor shown, copied or shared.
 */
export function useH5SessionSource(certType: H5CertType): H5SessionSource | null {
  const [search, setSearch] = useSearchParams();
  const [source] = useState(() => sessionSource(search, certType));
  useEffect(() => {
    if (!search.has(H5_CODE_PARAM)) return;
    const rest = new URLSearchParams(search);
    rest.delete(H5_CODE_PARAM);
    setSearch(rest, { replace: true });
  }, [search, setSearch]);
  return source;
}

/** The person of this page (exchanged once per source; never retried: a refused token means log in again). */
export function useH5Session(source: H5SessionSource | null) {
  return useSWR(source ? sessionKey(source) : null, () => resolveSession(source!), {
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}
