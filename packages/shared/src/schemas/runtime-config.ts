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
  /**
   * Old site base: NewLinkTo.aspx and NewLoginOut.aspx live under it. An absolute URL, or a path
   * of the portal's own origin (`/oldsite`, forwarded by the balancer).
   */
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
  /**
   * The face-verification page of the H5 login (`?certToken=`): the external service ('' when not
   * configured: the H5 login says so). `npm start` points it at the credit-service's demo stand-in.
   */
  faceVerifyUrl: Type.String(),
  /**
   * The chat app's OAuth 2.0 authorization page (`?appid=&redirect_uri=&state=&response_type=code`);
   * '' when not configured: chat-app login and binding are not offered. `npm start` points it at the
   * credit-service's demo stand-in.
   */
  wechatAuthorizeUrl: Type.String(),
  /** A portal login ends after this many seconds without use (a warning shows a minute before). */
  sessionIdleSeconds: Type.Integer({ minimum: 60 }),
});
export type RuntimeConfig = Static<typeof RuntimeConfigSchema>;
