import { Type } from 'typebox';
import { defineRoute } from '../api.js';
import { ACCOUNT_HEADS as HEADS } from '../heads/account.js';
import { ACCOUNT_MESSAGES } from '../vocabulary/account.js';
import {
  BindMobileRequestSchema,
  BindWechatRequestSchema,
  ConsentAcceptRequestSchema,
  ConsentStatusSchema,
  CreatePromiseRequestSchema,
  CreditPromiseSchema,
  EntityBaseInfoSchema,
  EntityDetailInfoSchema,
  EntityIdQuerySchema,
  LoginRequestSchema,
  LoginResultSchema,
  LoginTicketPollSchema,
  LoginTicketRequestSchema,
  LoginTicketSchema,
  LoginTicketStateSchema,
  LoginTokenExchangeSchema,
  PasswordChangeRequestSchema,
  PasswordResetRequestSchema,
  PasswordResetResultSchema,
  ProfileSchema,
  RegisterRequestSchema,
  SmsCodeRequestSchema,
  SmsCodeSentSchema,
  UnbindWechatRequestSchema,
  WechatLoginRequestSchema,
} from '../schemas/account.js';
import { EmptyQuerySchema } from '../schemas/query.js';

const CREDENTIAL_MESSAGES = { Mobile: ACCOUNT_MESSAGES.mobileRequired, Password: ACCOUNT_MESSAGES.passwordRequired };

/** The heads of heads/account.ts with their schemas, by the same names. */
export const ACCOUNT_CONTRACTS = {
  entityBaseInfo: defineRoute(HEADS.entityBaseInfo, {
    query: EntityIdQuerySchema,
    data: EntityBaseInfoSchema,
  }),
  entityDetailInfo: defineRoute(HEADS.entityDetailInfo, {
    query: EntityIdQuerySchema,
    data: EntityDetailInfoSchema,
  }),
  registerCode: defineRoute(HEADS.registerCode, {
    body: SmsCodeRequestSchema,
    data: SmsCodeSentSchema,
    emptyFieldMessages: { Mobile: ACCOUNT_MESSAGES.mobileRequired },
  }),
  register: defineRoute(HEADS.register, {
    body: RegisterRequestSchema,
    data: LoginResultSchema,
    emptyFieldMessages: { ...CREDENTIAL_MESSAGES, Code: ACCOUNT_MESSAGES.smsCodeRequired },
  }),
  passwordResetCode: defineRoute(HEADS.passwordResetCode, {
    body: SmsCodeRequestSchema,
    data: SmsCodeSentSchema,
    emptyFieldMessages: { Mobile: ACCOUNT_MESSAGES.mobileRequired },
  }),
  passwordReset: defineRoute(HEADS.passwordReset, {
    body: PasswordResetRequestSchema,
    data: PasswordResetResultSchema,
    emptyFieldMessages: { ...CREDENTIAL_MESSAGES, Code: ACCOUNT_MESSAGES.smsCodeRequired },
  }),
  passwordChange: defineRoute(HEADS.passwordChange, {
    body: PasswordChangeRequestSchema,
    data: PasswordResetResultSchema,
    emptyFieldMessages: {
      Password: ACCOUNT_MESSAGES.currentPasswordRequired,
      NewPassword: ACCOUNT_MESSAGES.newPasswordRequired,
    },
  }),
  login: defineRoute(HEADS.login, {
    body: LoginRequestSchema,
    data: LoginResultSchema,
    emptyFieldMessages: CREDENTIAL_MESSAGES,
  }),
  wechatLogin: defineRoute(HEADS.wechatLogin, {
    body: WechatLoginRequestSchema,
    data: LoginResultSchema,
  }),
  loginTicketCreate: defineRoute(HEADS.loginTicketCreate, {
    body: EmptyQuerySchema,
    data: LoginTicketSchema,
  }),
  loginTicketStatus: defineRoute(HEADS.loginTicketStatus, {
    body: LoginTicketPollSchema,
    data: LoginTicketStateSchema,
  }),
  loginTicketScan: defineRoute(HEADS.loginTicketScan, {
    body: LoginTicketRequestSchema,
    data: LoginTicketStateSchema,
  }),
  loginTicketConfirm: defineRoute(HEADS.loginTicketConfirm, {
    body: LoginTicketRequestSchema,
    data: LoginTicketStateSchema,
  }),
  loginTokenExchange: defineRoute(HEADS.loginTokenExchange, {
    body: LoginTokenExchangeSchema,
    data: LoginResultSchema,
  }),
  profile: defineRoute(HEADS.profile, {
    data: ProfileSchema,
  }),
  bindMobile: defineRoute(HEADS.bindMobile, {
    body: BindMobileRequestSchema,
    data: ProfileSchema,
    emptyFieldMessages: CREDENTIAL_MESSAGES,
  }),
  bindWechat: defineRoute(HEADS.bindWechat, {
    body: BindWechatRequestSchema,
    data: ProfileSchema,
  }),
  unbindWechat: defineRoute(HEADS.unbindWechat, {
    body: UnbindWechatRequestSchema,
    data: ProfileSchema,
    emptyFieldMessages: { Password: ACCOUNT_MESSAGES.passwordRequired },
  }),
  myPromises: defineRoute(HEADS.myPromises, {
    data: Type.Array(CreditPromiseSchema),
  }),
  createPromise: defineRoute(HEADS.createPromise, {
    body: CreatePromiseRequestSchema,
    data: CreditPromiseSchema,
    emptyFieldMessages: {
      CreditCode: '请输入统一社会信用代码',
      Promiser: '请输入承诺人姓名（至少2个字）',
      Content: '请填写承诺内容（至少10个字）',
    },
  }),
  consentStatus: defineRoute(HEADS.consentStatus, {
    data: ConsentStatusSchema,
  }),
  consentAccept: defineRoute(HEADS.consentAccept, {
    body: ConsentAcceptRequestSchema,
    data: ConsentStatusSchema,
  }),
};
