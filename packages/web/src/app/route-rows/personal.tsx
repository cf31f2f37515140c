import { PATH_LOG } from '@credit-portal/shared';
import { lazy } from 'react';
import { paths } from '@/lib/paths';
import { page, sectionRows } from '../route-kit';

const PERSONAL = '个人中心';
const personalCrumb = { label: PERSONAL, path: paths.personal };
const loadPersonalHome = () => import('@/features/account/components/personal-home-page');
/** 信用关注's unread count on 个人中心's entry: its own chunk. */
const personalHomeProps = {
  entryExtras: { follow: lazy(() => import('@/features/follow/components/follow-unread-badge')) },
};

/** 个人中心: login, registration, the phone's login confirmation, the account pages and credit promises. */
export const personalRows = sectionRows({ section: 'personal', pathLog: PATH_LOG.personal }, [
  {
    path: paths.scanLogin,
    label: '扫码登录',
    breadcrumb: [{ label: '扫码登录' }],
    meta: { keywords: ['扫码登录', '用户登录'], description: '使用手机扫描二维码登录信用门户。' },
    page: page(() => import('@/features/account/components/scan-login-page')),
  },
  {
    path: paths.passwordLogin,
    label: '账号登录',
    breadcrumb: [{ label: '账号登录' }],
    meta: { keywords: ['账号登录', '用户登录'], description: '使用手机号码和密码登录信用门户。' },
    page: page(() => import('@/features/account/components/password-login-page')),
  },
  {
    path: paths.register,
    label: '注册账号',
    breadcrumb: [{ label: '注册账号' }],
    meta: { keywords: ['注册', '用户注册'], description: '使用手机号码注册信用门户账号。' },
    layout: 'page',
    page: page(() => import('@/features/account/components/register-page')),
  },
  {
    path: paths.resetPassword,
    label: '找回密码',
    breadcrumb: [{ label: '找回密码' }],
    meta: { keywords: ['找回密码', '忘记密码', '重置密码'], description: '验证手机号码后重置信用门户账号的登录密码。' },
    layout: 'page',
    page: page(() => import('@/features/account/components/reset-password-page')),
  },
  {
    path: paths.scanConfirm,
    label: '扫码登录确认',
    breadcrumb: [{ label: '扫码登录确认' }],
    meta: { keywords: ['扫码登录'], description: '在手机上确认电脑端的扫码登录。' },
    layout: 'page',
    // Opened from a QR code with its ticket.
    inSiteMap: false,
    page: page(() => import('@/features/account/components/scan-confirm-page')),
  },
  {
    path: paths.wechatCallback,
    label: '微信授权',
    breadcrumb: [{ label: '微信授权' }],
    meta: { keywords: ['微信登录', '绑定微信'], description: '微信授权后返回信用门户，完成微信登录或绑定。' },
    layout: 'page',
    // Reached only from the chat app's authorization page, with its code.
    inSiteMap: false,
    page: page(() => import('@/features/account/components/wechat-callback-page')),
  },
  {
    path: paths.personal,
    label: PERSONAL,
    breadcrumb: [{ label: PERSONAL }],
    meta: {
      keywords: [PERSONAL, '我的账号', '我的办件', '修改密码', '信用承诺'],
      description: '个人中心：账号信息、我的办件、修改密码、账号绑定与信用承诺。',
    },
    page: page(loadPersonalHome, personalHomeProps),
  },
  {
    path: paths.personalCenter,
    label: PERSONAL,
    breadcrumb: [{ label: PERSONAL }],
    meta: { keywords: [PERSONAL], description: '个人中心：账号信息、账号绑定与信用承诺。' },
    // The same page under its old name: listed once, as grzx.
    inSiteMap: false,
    page: page(loadPersonalHome, personalHomeProps),
  },
  {
    path: paths.myCenter,
    label: '我的账号',
    breadcrumb: [personalCrumb, { label: '我的账号' }],
    meta: { keywords: ['我的账号', PERSONAL], description: '我的账号：登录方式、手机号码、微信绑定与登录有效期。' },
    page: page(() => import('@/features/account/components/my-center-page')),
  },
  {
    path: paths.myFilings,
    label: '我的办件',
    breadcrumb: [personalCrumb, { label: '我的办件' }],
    meta: {
      keywords: ['我的办件', '信用修复', '信用异议', '办理进度', PERSONAL],
      description: '我的办件：本人提交的信用修复、信用异议申请及其受理、审核、办结进度。',
    },
    page: page(() => import('@/features/services/components/my-filings-page')),
  },
  {
    path: paths.changePassword,
    label: '修改密码',
    breadcrumb: [personalCrumb, { label: '修改密码' }],
    meta: { keywords: ['修改密码', '登录密码', PERSONAL], description: '修改信用门户账号的登录密码。' },
    page: page(() => import('@/features/account/components/change-password-page')),
  },
  {
    path: paths.myData,
    label: '我的数据',
    breadcrumb: [personalCrumb, { label: '我的数据' }],
    meta: {
      keywords: ['我的数据', '个人信息', '查阅复制', PERSONAL],
      description: '查阅、下载本网站保存的与本人账号有关的个人信息（JSON、PDF）。',
    },
    page: page(() => import('@/features/account/components/my-data-page')),
  },
  {
    path: paths.closeAccount,
    label: '注销账号',
    breadcrumb: [personalCrumb, { label: '注销账号' }],
    meta: { keywords: ['注销账号', PERSONAL], description: '验证登录密码和短信验证码后注销本网站账号。' },
    page: page(() => import('@/features/account/components/close-account-page')),
  },
  {
    path: paths.bindMobile,
    label: '绑定手机账号',
    breadcrumb: [personalCrumb, { label: '绑定手机账号' }],
    meta: { keywords: ['绑定账号', PERSONAL], description: '将微信身份绑定到手机号码账号。' },
    page: page(() => import('@/features/account/components/bind-mobile-page')),
  },
  {
    path: paths.bindWechat,
    label: '绑定微信',
    breadcrumb: [personalCrumb, { label: '绑定微信' }],
    meta: { keywords: ['绑定微信', PERSONAL], description: '将微信身份绑定到手机号码账号，绑定后可用微信登录。' },
    page: page(() => import('@/features/account/components/bind-wechat-page')),
  },
  {
    path: paths.follows,
    label: '信用关注',
    breadcrumb: [personalCrumb, { label: '信用关注' }],
    meta: {
      keywords: ['信用关注', '关注企业', '信用提醒', PERSONAL],
      description:
        '信用关注：关注企业等信用主体，在其有新的许可、处罚、红黑名单等信用信息公示时获得站内提醒和邮件提醒。',
    },
    page: page(() => import('@/features/follow/components/follow-page')),
  },
  {
    path: paths.followUnfollowLink,
    label: '取消信用关注',
    breadcrumb: [personalCrumb, { label: '取消信用关注' }],
    meta: { keywords: ['信用关注', '取消关注'], description: '通过信用关注提醒邮件中的链接取消关注。' },
    layout: 'page',
    // Opened from a digest mail's signed link only.
    inSiteMap: false,
    page: page(() => import('@/features/follow/components/unfollow-link-page')),
  },
  {
    path: paths.followConfirmEmail,
    label: '确认提醒邮箱',
    breadcrumb: [personalCrumb, { label: '确认提醒邮箱' }],
    meta: { keywords: ['信用关注', '邮件提醒'], description: '确认接收信用关注的每日提醒邮件。' },
    layout: 'page',
    // Opened from a confirmation mail's link only.
    inSiteMap: false,
    page: page(() => import('@/features/follow/components/confirm-email-page')),
  },
  {
    path: paths.followWithdrawLink,
    label: '撤回邮件提醒同意',
    breadcrumb: [personalCrumb, { label: '撤回邮件提醒同意' }],
    meta: { keywords: ['信用关注', '邮件提醒', '撤回同意'], description: '一键撤回接收信用关注提醒邮件的同意。' },
    layout: 'page',
    // Opened from a mail's link only.
    inSiteMap: false,
    page: page(() => import('@/features/follow/components/withdraw-link-page')),
  },
  {
    path: paths.privacy,
    label: '个人信息处理规则',
    breadcrumb: [{ label: '个人信息处理规则' }],
    meta: {
      keywords: ['个人信息处理规则', '隐私政策', '个人信息保护'],
      description: '本网站处理个人信息的种类、目的、法律依据、保存期限、接收方，以及您的权利和行使方式。',
    },
    page: page(() => import('@/features/privacy/components/privacy-page')),
  },
  {
    path: paths.promiseInfo,
    label: '信用承诺',
    breadcrumb: [personalCrumb, { label: '信用承诺' }],
    meta: { keywords: ['信用承诺', '承诺填报'], description: '在线填报信用承诺，查看本人提交的承诺及其审核状态。' },
    page: page(() => import('@/features/account/components/promise-page')),
  },
]);
