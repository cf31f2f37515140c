import { SMS_CODE_TTL_SECONDS } from '@credit-portal/shared';

/*
 * The text of the 个人信息处理规则 (PIPL Art. 17): each kind of personal information the portal
 * holds, why, on which legal basis (PIPL Art. 13), how long (as the code keeps it), and who else
 * receives it. A change to this text is a new PRIVACY_RULES_VERSION (shared/vocabulary/privacy.ts),
 * which asks every logged-in person again.
 */

/** One kind of personal information. */
export interface InformationKind {
  id: string;
  title: string;
  items: string;
  purpose: string;
  basis: string;
  retention: string;
  recipients: string;
}

export const INFORMATION_KINDS: readonly InformationKind[] = [
  {
    id: 'account',
    title: '账号信息',
    items: '手机号码；登录密码（仅保存经加盐处理的散列值，不保存密码原文）；注册时间。',
    purpose: '注册和登录个人中心，找回或修改密码，向您发送验证码和账号安全通知。',
    basis: '为订立、履行您作为一方当事人的合同所必需（《个人信息保护法》第十三条第一款第二项），并经您同意（第一项）。',
    retention: '账号存续期间保存；注销账号后按“注销账号”页面所列方式删除。',
    recipients: `短信服务提供者（仅接收手机号码和短信内容，用于发送验证码和通知；验证码${SMS_CODE_TTL_SECONDS / 60}分钟内有效，过期的验证码记录在次日删除）。`,
  },
  {
    id: 'wechat',
    title: '微信身份',
    items: '微信授权后返回的身份标识（openId）和昵称；与手机账号的绑定关系。',
    purpose: '使用微信登录，以及将微信身份绑定到手机账号。绑定时单独征得您的同意。',
    basis: '经您同意（《个人信息保护法》第十三条第一款第一项）。',
    retention: '解除绑定时删除绑定关系，绑定的同意记为已撤回；未绑定的微信身份在您使用微信登录期间保存。',
    recipients: '不向第三方提供。微信授权由微信开放平台完成，本网站仅接收授权结果。',
  },
  {
    id: 'h5',
    title: '个人信用报告（移动端）身份信息',
    items: '姓名、身份证件号码；人脸识别核验结果；接收报告的电子邮箱（仅用于该次发送）。',
    purpose: '核验您的身份后查询、下载或发送本人的公共信用信息报告。',
    basis: '经您同意（《个人信息保护法》第十三条第一款第一项），人脸识别另行单独同意。',
    retention: '登录凭证在有效期结束后删除；报告的查看、下载和发送记入审计记录，保存期限见下文“审计记录”。',
    recipients:
      '人脸识别身份核验服务（接收姓名、身份证件号码和核验所需的人脸信息，仅用于核验本人身份）；邮件服务提供者（接收邮箱地址和报告邮件）。',
  },
  {
    id: 'filings',
    title: '信用修复、异议申请和信用承诺',
    items: '申请人和联系人的姓名、联系电话；申请材料（上传的文件及其名称）；审核过程和结果；信用承诺的承诺人和内容。',
    purpose: '受理、审核和办结您提交的信用修复、信用异议申请，公示信用承诺。',
    basis: '为履行法定职责或者法定义务所必需（《个人信息保护法》第十三条第一款第三项）。',
    retention:
      '作为办件记录随办件保存；未随申请提交的上传文件在规定时间后自动删除；注销账号时按“注销账号”页面说明处理。',
    recipients: '信用中心的审核人员；不向其他第三方提供。',
  },
  {
    id: 'follow',
    title: '信用关注和提醒邮箱',
    items: '关注的信用主体名单；站内提醒；接收提醒邮件的电子邮箱、是否开启每日邮件提醒和可申请信用修复提醒。',
    purpose: '在关注的主体有新公示信息时提醒您；经您同意并确认邮箱后，每天最多发送一封汇总邮件。',
    basis: '关注和站内提醒为履行您要求的服务所必需（第十三条第一款第二项）；提醒邮件经您单独同意（第一项）。',
    retention: '取消关注即删除该关注；撤回邮件提醒同意后立即停止发送，并删除邮箱地址。',
    recipients: '邮件服务提供者（接收邮箱地址和提醒邮件内容）。',
  },
  {
    id: 'sessions',
    title: '登录会话和访问记录',
    items: '登录会话（登录时间、最近使用时间、到期时间）；登录失败次数及来源IP地址；访问统计中的页面、时间和IP地址。',
    purpose: '保持登录状态、长时间未操作时自动退出、防范密码猜测，以及网站访问统计。',
    basis: '为履行网络安全保护义务所必需（第十三条第一款第三项）。',
    retention:
      '登录会话在退出、长时间未操作或到期后结束，到期后删除；登录失败记录在锁定期结束后删除；访问统计记录按网站运营要求保存。',
    recipients: '不向第三方提供。',
  },
  {
    id: 'audit',
    title: '审计记录',
    items:
      '登录、绑定、办件、同意与撤回同意等操作的时间、结果和IP地址；个人信用报告的每次查看、下载和发送。手机号码、身份证件号码和邮箱地址不以明文记录，只记录其加密散列。',
    purpose: '记录对个人信息的处理活动，供您和监管部门查验。',
    basis: '为履行法定义务所必需（《个人信息保护法》第五十五条、第五十六条，《网络安全法》第二十一条）。',
    // The floors the services refuse to start below (node-common audit-events.ts AUDIT_RETENTION_FLOOR_DAYS).
    retention: '个人信息访问记录保存不少于3年；其他安全记录保存不少于6个月。',
    recipients: '不向第三方提供；依法向监管部门提供。',
  },
];
