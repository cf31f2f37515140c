import { Type, type Static } from 'typebox';

/**
 * Runtime configuration the gateway serves to the SPA at /runtime-config, so one built image
 * runs anywhere: the site's identity and the addresses of the "external" pages.
 */
export const RuntimeConfigSchema = Type.Object({
  siteName: Type.String(),
  /** 网站标识码. */
  siteCode: Type.String(),
  contactAddress: Type.String(),
  contactPhone: Type.String(),
  /** Old site base URL: NewLinkTo.aspx and NewLoginOut.aspx live under it. */
  oldSiteUrl: Type.String(),
  /** Data-submission login page, opened in a new window. */
  dataSubmissionUrl: Type.String(),
  /** ICP filing, public-security filing and error-report pages (footer, through the 温馨提示 dialog). */
  filingUrl: Type.String(),
  filingText: Type.String(),
  securityFilingUrl: Type.String(),
  securityFilingText: Type.String(),
  errorReportUrl: Type.String(),
  /** The H5 hidden test mode (off by default). */
  h5TestMode: Type.Boolean(),
  /** The face-verification page of the H5 login (`?certToken=`); the credit-service's stand-in by default. */
  faceVerifyUrl: Type.String(),
});
export type RuntimeConfig = Static<typeof RuntimeConfigSchema>;
