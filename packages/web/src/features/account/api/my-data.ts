import type { CloseAccountRequest, CloseAccountResult, MyData, SmsCodeSent } from '@credit-portal/shared';
import { MY_DATA_HEADS } from '@credit-portal/shared/heads/my-data';
import useSWR from 'swr';
import { call, callFile, type DownloadedFile } from '@/lib/api-client';

/** 我的数据 (GET /user/mydata, bearer): everything held about the account. */
export const getMyData = (): Promise<MyData> => call(MY_DATA_HEADS.myData);

/** Keyed by the token, so another login never shows the previous account's copy. */
export function useMyData(token: string) {
  return useSWR([MY_DATA_HEADS.myData.path, token] as const, getMyData, { revalidateOnFocus: false });
}

/** The same copy as a PDF (POST: nothing of it in an address). */
export const downloadMyDataPdf = (): Promise<DownloadedFile> => callFile(MY_DATA_HEADS.myDataPdf, { body: {} });

/** Ends one of the account's logins (MySession.Id). */
export const endSession = (id: string): Promise<{ Ended: boolean }> =>
  call(MY_DATA_HEADS.sessionEnd, { body: { Id: id } });

/** 注销账号, step one: a code to the account's own number. */
export const sendCloseCode = (): Promise<SmsCodeSent> => call(MY_DATA_HEADS.closeAccountCode, { body: {} });

/** 注销账号, step two: the password and the code. */
export const closeAccount = (body: CloseAccountRequest): Promise<CloseAccountResult> =>
  call(MY_DATA_HEADS.closeAccount, { body });
