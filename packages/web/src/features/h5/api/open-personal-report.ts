import type { H5UserInfo } from '@credit-portal/shared';
import { H5_HEADS } from '@credit-portal/shared/heads/h5';
import { call } from '@/lib/api-client';
import { withQuery } from '@/lib/paths';
import { encryptedIdentity } from './encrypt-identity';

/**
 * The personal report download (spec §4): the public key, name and ID encrypted, a token, then a
 * second token; returns the address of the report page for the final token.
 */
export async function personalReportAddress(user: H5UserInfo): Promise<string> {
  const identity = await encryptedIdentity(user);
  const first = await call(H5_HEADS.h5IndividualToken, { body: identity });
  const token = await call(H5_HEADS.h5IndividualInfo, { body: { ...identity, token: first } });
  return withQuery(H5_HEADS.h5ReportFile.path, { token });
}
