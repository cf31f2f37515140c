/*
 * 我的数据 and 注销账号 (PIPL Art. 45 copy, Art. 47 and 15 deletion): the messages, the labels of the
 * audit events a person is shown, and what closing keeps. Plain data, no TypeBox: the SPA's pages
 * import these without building the schemas.
 */

/** Messages of 我的数据 and 注销账号, answered by the service and shown by the SPA. */
export const MY_DATA_MESSAGES = {
  needsMobile: '我的数据属于手机号码账号：请用手机号码登录，或先绑定手机账号',
  sessionNotFound: '未找到该登录，可能已经结束',
  sessionEnded: '已结束该登录',
  closeNeedsOwnLogin: '请在本浏览器用手机号码和密码登录后再注销账号',
  closeNeedsMobile: '请用手机号码账号登录后再注销账号',
  closeWrongPassword: '登录密码错误',
  closeDemoRefused: '演示账号供所有访客体验，不可注销',
  closeConfirmRequired: '请确认已了解注销的后果',
  closed: '账号已注销',
  codeSent: '验证码已发送至本账号的手机号码',
} as const;

/** What the audit events a person sees in 我的数据 mean, in Chinese (an event not listed shows its name). */
export const MY_AUDIT_EVENT_LABELS: Readonly<Record<string, string>> = {
  'account.register': '注册账号',
  'account.password_reset': '找回密码',
  'account.password_change': '修改密码',
  'account.login': '密码登录',
  'account.wechat_login': '微信登录',
  'account.logout': '退出登录',
  'account.bind_mobile': '绑定手机账号',
  'account.bind_wechat': '绑定微信',
  'account.unbind_wechat': '解除微信绑定',
  'account.qr_confirm': '扫码确认登录',
  'account.qr_login': '扫码登录',
  'account.oldsite_handoff': '进入旧版个人中心',
  'account.oldsite_entry': '从旧版网站进入',
  'account.portal_token_exchange': '从旧版网站返回',
  'account.submission_login': '办件登录',
  'account.session_end': '结束其他登录',
  'account.close': '注销账号',
  'application.filed': '提交信用修复/异议申请',
  'application.review': '信用中心办理申请',
  'promise.filed': '提交信用承诺',
  'follow.mail_settings': '设置关注邮件',
  'follow.email_confirmed': '确认关注邮箱',
  'report.issued': '出具信用报告',
  'account.data_copy': '查看或下载我的数据',
};

/** A party of an audit record as the person is shown it. */
export const MY_AUDIT_PARTY_LABELS = {
  self: '本人',
  centre: '信用中心',
  other: '其他',
} as const;
