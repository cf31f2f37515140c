/**
 * 个人信息处理规则: the version of the rules in force and the purposes a person consents to
 * separately (PIPL Art. 14, 17; face recognition under 人脸识别技术应用安全管理办法 Art. 9). A changed
 * text is a new version: a logged-in person who agreed to an older one is asked again before going on.
 */
export const PRIVACY_RULES_VERSION = '2026.12';
/** The day the version in force took effect (yyyy-mm-dd), shown with it on the rules' page. */
export const PRIVACY_RULES_EFFECTIVE_DATE = '2026-12-06';

/** Each purpose is its own consent, recorded with the rules' version and the time. */
export const CONSENT_PURPOSES = ['registration', 'wechat_binding', 'digest_mail', 'face_verification'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

export const CONSENT_PURPOSE_LABELS: Record<ConsentPurpose, string> = {
  registration: '注册账号及使用个人中心',
  wechat_binding: '绑定微信身份',
  digest_mail: '信用关注邮件提醒',
  face_verification: '人脸识别身份核验',
};

/** One consent as recorded. */
export interface ConsentRecord {
  purpose: ConsentPurpose;
  version: string;
  grantedAt: string;
  /** Set when the person withdrew it; a withdrawn consent stays on record as evidence of both acts. */
  withdrawnAt: string | null;
}

/** The SPA's 个人信息处理规则 page (hash route): mails and the H5 pages link to it. */
export const PRIVACY_PAGE_PATH = '/grzx/privacy';
