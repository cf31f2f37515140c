import { H5, H5_SUCCESS_STATUS, type H5UserInfo } from '@credit-portal/shared';
import { H5_HEADS } from '@credit-portal/shared/heads/h5';
import useSWR from 'swr';
import { ApiError, call } from '@/lib/api-client';
import { encryptedIdentity } from './encrypt-identity';

/** An answer that says "no" (Success false, Status not 10) rather than a call that failed. */
const isRefusal = (error: unknown): boolean => error instanceof ApiError && error.status < 500 && error.status > 0;

/**
 * Whether the person has a personal report (spec §4). After the H5 login ("newH5") the data call
 * answers it (Status 10); for other channels the encrypted query's success flag does.
 */
export async function getReportAvailability(user: H5UserInfo, h5Login: boolean): Promise<boolean> {
  try {
    if (h5Login) {
      const answer = await call(H5_HEADS.h5ReportAvailability, {
        body: {
          Infotoken: user.Infotoken,
          UserName: user.Name,
          IdentityCard: user.IdCard,
          VersionCode: 'C',
          ReportNumber: '',
          printStyle: H5.printStyle,
        },
      });
      return answer.Status === H5_SUCCESS_STATUS;
    }
    const answer = await call(H5_HEADS.h5PersonInfo, { body: await encryptedIdentity(user) });
    return answer.HasReport;
  } catch (error) {
    if (isRefusal(error)) return false;
    throw error;
  }
}

export function useReportAvailability(user: H5UserInfo | undefined, h5Login: boolean) {
  return useSWR(
    user ? [H5_HEADS.h5ReportAvailability.path, user.Infotoken, h5Login] : null,
    () => getReportAvailability(user!, h5Login),
    { shouldRetryOnError: false, revalidateOnFocus: false },
  );
}
