/*
 * The H5 app (schemas/h5.ts): cert-token kinds, the S256 challenge and verifier patterns, the daily
 * and failure limits, documents, residences and the messages. Plain data, no TypeBox: the SPA's
 * pages import these without building the schemas.
 */

/** Where the face-verification page is told to send the person back (cert-token kinds). */
export const H5_CERT_TYPES = ['', 'grxybg'] as const;
export type H5CertType = (typeof H5_CERT_TYPES)[number];

/** SHA-256 of the verifier, base64url without padding (43 characters): RFC 7636's S256 challenge. */
export const H5_CODE_CHALLENGE_PATTERN = '^[A-Za-z0-9_-]{43}$';
/** The browser's secret verifier (RFC 7636 §4.1: 43–128 unreserved characters; the SPA sends 32 random bytes, base64url). */
export const H5_VERIFIER_PATTERN = '^[A-Za-z0-9._~-]{43,128}$';

/** A person has at most this many failed tries on one face-verification link; then the link is dead. */
export const H5_FACE_VERIFY_MAX_FAILURES = 5;
/** Report e-mails (personal report PDF and entity reports together) a person may send per day. */
export const H5_DAILY_MAIL_LIMIT = 5;

/** Documents a person of the H5 app may hold (spec §1). */
export const H5_DOCUMENT_TYPES = [
  '居民身份证',
  '普通护照',
  '港澳台居民居住证',
  '港澳居民来往内地通行证',
  '台湾居民来往大陆通行证',
  '外国人永久居留身份证',
] as const;
export type H5DocumentType = (typeof H5_DOCUMENT_TYPES)[number];

/** Where a person lives, as the eligibility rule of spec §1 needs it. */
export const H5_RESIDENCES = ['本地户籍', '本地居住证', '外地'] as const;
export type H5Residence = (typeof H5_RESIDENCES)[number];

/** The spec's quoted H5 messages, and the ones this product chose where it is silent. */
export const H5_MESSAGES = {
  testLoginEmpty: '姓名或身份证号不能为空',
  entityEmailEmpty: '邮箱地址不能为空！',
  entityEmailNote: '请填写有效的邮箱地址，无效的邮箱将影响信用报告的接收和保存。',
  reportEmailEmpty: '邮箱不能为空！',
  reportEmailInvalid: '邮箱格式不正确，请输入正确的邮箱！',
  reportMailSent: '邮件发送成功！',
  reportMailFailed: '邮件发送失败',
  loading: '正在获取信息，请稍候',
  noInformation: '暂无信息',
  eligibility:
    '个人公共信用报告面向年满18周岁、具有本市户籍，或持有本市居住证且在本市缴纳社会保险的人员。可使用的证件：居民身份证、普通护照、港澳台居民居住证、港澳居民来往内地通行证、台湾居民来往大陆通行证、外国人永久居留身份证。',
  // The service's answers.
  loginExpired: '登录已过期，请重新登录',
  certNotVerified: '人脸识别未完成或已失效，请重新登录',
  notOwnData: '只能查询本人的信用信息',
  testModeOff: '测试登录未开启',
  personNotFound: '未找到该人员的身份信息',
  entityNotLinked: '该主体不在您的关联主体中',
  requestMissing: '请先提交信用报告申请',
  // Every failure of the encrypted identity, whatever it was (no padding oracle).
  identityRefused: '身份信息核验未通过，请重新登录后再试',
  reportTokenInvalid: '报告凭证无效、已使用或已过期，请重新获取',
  noReport: '暂无个人公共信用报告',
  entityMailSent: '信用报告已发送至您的邮箱，请注意查收',
  mailFailed: '邮件发送失败，请稍后再试',
  returnUrlRefused: '返回地址不被允许',
  mailLimit: '今日发送次数已达上限，请明天再试',
  loggedOut: '已退出登录',
  // The face-verification hand-off.
  faceVerifyUnavailable: '人脸识别认证服务暂未开通，请稍后再试或前往线下服务窗口办理',
  insecureContext: '当前页面未使用安全连接（HTTPS），无法完成身份核验，请通过 HTTPS 地址访问',
  linkExpired: '认证链接已失效',
  tooManyFailures: '核验失败次数过多，认证链接已失效，请返回重新登录',
  faceConsentMissing: '请先阅读《人脸识别告知》并勾选同意后，再进行人脸识别',
  faceConsentOutdated: '个人信息处理规则已更新，请刷新页面，重新阅读并同意后再进行人脸识别',
  reportAccessEmpty: '暂无本人报告的访问记录',
  reportAccessEmailUnknown: '邮箱未记录',
} as const;

/** How a person's report was reached, as the access list names it (the audit events h5.report_view, _download, _email). */
export const H5_REPORT_ACCESS_CHANNELS = ['view', 'download', 'email'] as const;
export type H5ReportAccessChannel = (typeof H5_REPORT_ACCESS_CHANNELS)[number];
export const H5_REPORT_ACCESS_LABELS: Record<H5ReportAccessChannel, { channel: string; action: string }> = {
  view: { channel: '手机页面查看', action: '查看' },
  download: { channel: 'PDF 下载', action: '下载' },
  email: { channel: '邮件发送', action: '发送至邮箱' },
};
/** Rows of one page of the access list. */
export const H5_REPORT_ACCESS_PAGE_SIZE = 10;
/**
 * The access list reads at most this many days of the audit trail, newest first, and keeps at
 * most H5_REPORT_ACCESS_MAX_ROWS rows (the trail has no index by person: each read is a scan).
 */
export const H5_REPORT_ACCESS_DAYS = 366;
export const H5_REPORT_ACCESS_MAX_ROWS = 500;
