import type { H5ReportAccessList, H5UserInfo } from '@credit-portal/shared';
import { H5_HEADS } from '@credit-portal/shared/heads/h5';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Who looked at my report: one page of the accesses to the person's own report, newest first. */
export const getReportAccess = (Infotoken: string, Page: number): Promise<H5ReportAccessList> =>
  call(H5_HEADS.h5ReportAccess, { body: { Infotoken, Page } });

export function useReportAccess(user: H5UserInfo | undefined, page: number) {
  return useSWR(
    user ? [H5_HEADS.h5ReportAccess.path, user.Infotoken, page] : null,
    () => getReportAccess(user!.Infotoken, page),
    { shouldRetryOnError: false, revalidateOnFocus: false, keepPreviousData: true },
  );
}
