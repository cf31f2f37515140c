/*
 * 信用关注 (schemas/follow.ts): its limits, the SPA pages the mails link to, the notice kinds and
 * labels, the service's messages. Plain data, no TypeBox: the SPA's pages import these without
 * building the schemas.
 */

/** How many entities one account may follow. */
export const FOLLOW_LIMIT = 50;
/** Notices per page of 个人中心's list. */
export const FOLLOW_NOTICE_PAGE_SIZE = 10;
/** Notices marked read in one call, at most. */
export const FOLLOW_READ_MAX = 100;
/** A signed unfollow link's token is at most this long (it is base64url; real ones are about 120). */
export const FOLLOW_LINK_TOKEN_MAX = 512;

/** The portal's 信用关注 page (hash route), and the page a digest's signed unfollow link opens (?token=). */
export const FOLLOW_PAGE_PATH = '/grzx/xygz';
export const FOLLOW_UNFOLLOW_PAGE_PATH = '/grzx/xygz/unfollow';
/**
 * The page every mail to a 信用关注 address links to (?token=): withdrawing the consent to the
 * mails in one click (PIPL Art. 15), without a login.
 */
export const FOLLOW_WITHDRAW_PAGE_PATH = '/grzx/xygz/withdraw';
/** The page a digest address's confirmation mail opens (?token=): mail goes only to a confirmed address. */
export const FOLLOW_CONFIRM_PAGE_PATH = '/grzx/xygz/confirm';
/** A confirmation link is good this long after it was mailed, and once. */
export const FOLLOW_CONFIRM_TTL_HOURS = 24;
/** One confirmation mail per account in this many seconds, at most (a new one replaces the last). */
export const FOLLOW_CONFIRM_RESEND_SECONDS = 60;

/** What a notice is about: the publication that made it. */
export const FOLLOW_NOTICE_KINDS = [
  'licence',
  'penalty',
  'penalty_repaired',
  'objection_outcome',
  'red_list',
  'black_list',
  'abnormal',
  'status',
  'penalty_repairable',
] as const;
export type FollowNoticeKind = (typeof FOLLOW_NOTICE_KINDS)[number];

/** The label of each kind, as 个人中心 and the digest mail show it. */
export const FOLLOW_NOTICE_LABELS: Readonly<Record<FollowNoticeKind, string>> = {
  licence: '行政许可',
  penalty: '行政处罚',
  penalty_repaired: '信用修复',
  objection_outcome: '异议处理结果',
  red_list: '红名单',
  black_list: '黑名单',
  abnormal: '经营异常',
  status: '登记状态变更',
  penalty_repairable: '可申请信用修复',
};

/** The service's messages (normalized envelope `message`). */
export const FOLLOW_MESSAGES = {
  followed: '已关注',
  unfollowed: '已取消关注',
  limitReached: `关注数量已达上限（${FOLLOW_LIMIT}个），请先取消部分关注`,
  entityNotFound: '未找到该主体',
  emailRequired: '开启邮件提醒需填写电子邮箱',
  emailInvalid: '邮箱格式不正确，请输入正确的邮箱！',
  settingsSaved: '提醒设置已保存',
  linkInvalid: '取消关注链接无效或已被修改',
  linkUsed: '该关注已取消，无需重复操作',
  confirmMailSent: '提醒设置已保存，确认邮件已发送，请点击邮件中的链接完成确认',
  confirmMailRecent: `确认邮件刚刚已发送，请查收；如未收到，请${FOLLOW_CONFIRM_RESEND_SECONDS}秒后再试`,
  confirmMailFailed: '提醒设置已保存，但确认邮件发送失败，请稍后重新发送',
  confirmLinkInvalid: '确认链接无效、已使用或已过期，请在 信用关注 页面重新发送确认邮件',
  emailConfirmed: '邮箱已确认，将每天最多发送一封信用关注提醒',
  mailWithdrawn: '已撤回邮件提醒同意：不再向该邮箱发送提醒邮件，邮箱地址已删除',
  withdrawLinkInvalid: '撤回链接无效或已被修改',
  withdrawLinkUsed: '邮件提醒已撤回，无需重复操作',
  nothingToWithdraw: '当前未开启邮件提醒，无需撤回',
} as const;
