import { H5, type H5EntityRecord, type H5UserInfo } from '@credit-portal/shared';
import { H5_HEADS } from '@credit-portal/shared/heads/h5';
import { call, callWithMessage } from '@/lib/api-client';

/**
 * Records the entity report request (type G, purpose 个人查询信用), then has the report e-mailed;
 * resolves with the mail sender's message (shown to the person as it is).
 */
export async function sendEntityReport(user: H5UserInfo, entity: H5EntityRecord, email: string): Promise<string> {
  await call(H5_HEADS.h5EntityReportRequest, {
    body: {
      BaseID: entity.BaseId,
      VersionCode: 'G',
      Infotoken: user.Infotoken,
      CertNo: entity.CertNo,
      InquiryMode: H5.entityReportPurpose,
    },
  });
  const { message } = await callWithMessage(H5_HEADS.h5SendEmail, {
    body: {
      email,
      entID: entity.BaseId,
      entName: entity.EntName,
      userID: user.Name,
      versionCode: 'G',
      Infotoken: user.Infotoken,
    },
  });
  return message;
}
