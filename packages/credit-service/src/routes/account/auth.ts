import {
  CONTRACTS,
  ACCOUNT_MESSAGES,
  PRIVACY_RULES_VERSION,
  SMS_CODE_TTL_SECONDS,
  formatBeijingTime,
  mobileProblem,
  passwordProblem,
  smsCodeProblem,
} from '@credit-portal/shared';
import { errorCodeOk } from '../../lib/dialect.js';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../lib/errors.js';
import { userSubject, wechatSubject, type Subject } from '../../repositories/account.js';
import type { ConsentRepository } from '../../repositories/consents.js';
import {
  createSmsCodeRepository,
  type SmsCodeRepository,
  type SmsPurpose,
} from '../../repositories/account-sms-codes.js';
import { sendSmsCode, type CodeText } from './sms-code.js';
import { createWechatCodeRepository } from '../../repositories/account-wechat-codes.js';
import type { SmsSender } from '../../sms/sender.js';
import { serve } from '../../lib/serve.js';
import type { TypeboxApp } from '../../lib/typebox-app.js';
import type { FastifyRequest } from 'fastify';
import type { Session } from '../../plugins/auth.js';

/** A mobile number as typed (spaces and full-width digits aside), or a 400 saying what is wrong. */
function checkedMobile(raw: string): string {
  const mobile = raw.replace(/\s+/g, '').replace(/[０-９]/g, (d) => String(d.charCodeAt(0) - 0xff10));
  const problem = mobileProblem(mobile);
  if (problem) throw new BadRequestError(problem);
  return mobile;
}

/**
 * The session of a binding, when its login was made in this browser. A login that came by a link
 * (the old site's logintoken, a hand-off) is refused: the link could be an attacker's own login,
 * sent to a victim who would then bind their account to the attacker's chat-app identity (or
 * theirs to the attacker's account) — a takeover that outlives every logout. A QR login made
 * from such a login is refused alike.
 */
function boundBySelf(session: Session): Session {
  if (session.restricted) throw new ForbiddenError(ACCOUNT_MESSAGES.bindNeedsOwnLogin);
  return session;
}

/** The text of registration's SMS. */
const registrationText = (siteName: string, code: string): string =>
  `【${siteName}】您的注册验证码为${code}，${SMS_CODE_TTL_SECONDS / 60}分钟内有效。如非本人操作，请忽略本短信。`;

/** The text of the SMS that tells an account's number of a new binding. */
const boundText = (siteName: string, nickname: string): string =>
  `【${siteName}】您的账号已绑定微信“${nickname}”，此后可用该微信登录本账号。如非本人操作，请用手机号码和密码登录后在 个人中心 › 绑定微信 解除绑定，并通过“找回密码”重置密码。`;

/** The text of a password reset's SMS. */
const resetText = (siteName: string, code: string): string =>
  `【${siteName}】您正在重置登录密码，验证码为${code}，${SMS_CODE_TTL_SECONDS / 60}分钟内有效。如非本人操作，请忽略本短信，您的密码不会改变。`;

export interface AuthRouteOptions {
  /** The SMS sender (registration and reset codes, binding notices); null: no code can be sent (短信服务暂未开通). */
  sms: SmsSender | null;
  /** The site's name, in the SMS text. */
  siteName: string;
  /** Where registration's and binding's consents to the 个人信息处理规则 are recorded. */
  consents: ConsentRepository;
}

/** Registration without the rules agreed to, or agreed to in a version no longer in force. */
export const PRIVACY_CONSENT_MESSAGES = {
  missing: '请阅读并同意《个人信息处理规则》',
  stale: '个人信息处理规则已更新，请刷新页面，阅读最新版本后再注册',
} as const;

/** Registration, password and chat-app login, the profile and binding (the old site's logintoken: session.ts). */
export function registerAuthRoutes(app: TypeboxApp, options: AuthRouteOptions): void {
  const { auth, audit } = app;
  const { consents } = options;

  /** Records the binding's consent (the binding form says that binding is agreeing) under the account. */
  const consentToBinding = (userId: number) =>
    consents.grant(userSubject(userId), 'wechat_binding', PRIVACY_RULES_VERSION, formatBeijingTime());

  /** Checks a password, noting a failure's reason for the audit record (a lockout apart from a wrong password). */
  const checkedPassword = async (request: FastifyRequest, mobile: string, password: string) => {
    try {
      return await auth.checkPassword(mobile, password, request.ip);
    } catch (error) {
      audit.note(request, {
        reason:
          error instanceof TooManyRequestsError
            ? 'locked_out'
            : error instanceof UnauthorizedError
              ? 'wrong_credentials'
              : null,
      });
      throw error;
    }
  };
  const smsCodes = createSmsCodeRepository(app.db);
  const resetCodes = createSmsCodeRepository(app.db, 'password_reset');

  /**
   * Tells the account's number that a chat-app identity was bound to it: the one way its owner
   * hears of a binding made by someone who had the password. A message that cannot be sent does
   * not undo the binding (logged by what failed, never the number).
   */
  const notifyBinding = async (request: FastifyRequest, mobile: string, nickname: string) => {
    if (!options.sms) return;
    try {
      await options.sms.send({ mobile, text: boundText(options.siteName, nickname), purpose: 'binding' });
    } catch (error) {
      request.log.warn({ sender: options.sms.kind, reason: (error as Error).message }, 'binding SMS not sent');
    }
  };
  const wechatCodes = createWechatCodeRepository(app.db);

  /**
   * The chat-app identity an authorization code stands for, exchanged once (replay, expiry and
   * a foreign state all refused alike); the identity no longer existing is refused too.
   */
  const wechatIdentityOf = (code: string, state: string): Extract<Subject, { kind: 'wechat' }> => {
    const openId = wechatCodes.exchange(code, state, Date.now());
    const subject = openId === null ? null : auth.accounts.resolve(wechatSubject(openId));
    if (!subject || subject.kind !== 'wechat') throw new UnauthorizedError(ACCOUNT_MESSAGES.wechatCodeInvalid);
    return subject;
  };

  /**
   * Sends a one-time code to a number (registration's, or a password reset's). The answer is the
   * same whether or not the number is registered (no enumeration); the limits count every number alike.
   */
  const sendCode = async (
    request: FastifyRequest,
    raw: string,
    codes: SmsCodeRepository,
    purpose: SmsPurpose,
    text: CodeText,
  ) => sendSmsCode(request, options, checkedMobile(raw), codes, purpose, text);

  /** A new password's fields as both forms send them: the code's format, the password's rules, the confirmation. */
  const checkedNewPassword = (body: { Code: string; Password: string; ConfirmPassword?: string }): string => {
    const code = body.Code.trim();
    const codeProblem = smsCodeProblem(code);
    if (codeProblem) throw new BadRequestError(codeProblem);
    const problem = passwordProblem(body.Password);
    if (problem) throw new BadRequestError(problem);
    if (body.ConfirmPassword !== undefined && body.ConfirmPassword !== body.Password) {
      throw new BadRequestError(ACCOUNT_MESSAGES.passwordMismatch);
    }
    return code;
  };

  // Registration, step one: a code to the number.
  serve(app, CONTRACTS.registerCode, async (request) =>
    sendCode(request, request.body.Mobile, smsCodes, 'register', registrationText),
  );

  // Registration, step two: the code proves the number. Until it is proven, a registered number
  // is answered exactly as a new one; after, "already registered" tells its owner nothing new.
  serve(
    app,
    CONTRACTS.register,
    async (request) => {
      const mobile = checkedMobile(request.body.Mobile);
      audit.note(request, { actor: audit.mobile(mobile) });
      const { Password } = request.body;
      const code = checkedNewPassword(request.body);
      // Checked before the code is spent: a form sent without the consent keeps its code.
      const { PrivacyVersion } = request.body;
      if (!PrivacyVersion) throw new BadRequestError(PRIVACY_CONSENT_MESSAGES.missing);
      if (PrivacyVersion !== PRIVACY_RULES_VERSION) throw new BadRequestError(PRIVACY_CONSENT_MESSAGES.stale);
      if (!smsCodes.prove(mobile, code, Date.now())) throw new BadRequestError(ACCOUNT_MESSAGES.smsCodeInvalid);
      // Checked before the slow hash as well as by the insert, which settles a race.
      if (auth.accounts.userByMobile(mobile)) throw new ConflictError(ACCOUNT_MESSAGES.mobileTaken);
      const createdAt = formatBeijingTime();
      const id = auth.accounts.createUser(mobile, await auth.hashPassword(Password), createdAt);
      if (id === null) throw new ConflictError(ACCOUNT_MESSAGES.mobileTaken);
      consents.grant(userSubject(id), 'registration', PRIVACY_RULES_VERSION, createdAt);
      audit.note(request, {
        actor: `account:${id}`,
        subject: `account:${id}`,
        details: { consent: 'registration', version: PRIVACY_RULES_VERSION },
      });
      return errorCodeOk(auth.issueLogin(auth.accounts.resolve(userSubject(id))!), '注册成功');
    },
    { config: { audit: 'account.register' } },
  );

  // A forgotten password, step one: a code to the number, answered as registration's.
  serve(app, CONTRACTS.passwordResetCode, async (request) =>
    sendCode(request, request.body.Mobile, resetCodes, 'password_reset', resetText),
  );

  // Step two: the code proves the number; the account gets the new password and every login of
  // it ends. Until the code is proven, a number without an account is answered as any other.
  serve(
    app,
    CONTRACTS.passwordReset,
    async (request) => {
      const mobile = checkedMobile(request.body.Mobile);
      audit.note(request, { actor: audit.mobile(mobile) });
      const code = checkedNewPassword(request.body);
      if (!resetCodes.prove(mobile, code, Date.now())) throw new BadRequestError(ACCOUNT_MESSAGES.smsCodeInvalid);
      const user = auth.accounts.userByMobile(mobile);
      if (!user) throw new NotFoundError(ACCOUNT_MESSAGES.mobileNotRegistered);
      audit.note(request, { actor: `account:${user.id}`, subject: `account:${user.id}` });
      const ended = await auth.resetPassword(user, request.body.Password);
      audit.note(request, { details: { sessionsEnded: ended } });
      return errorCodeOk({ SessionsEnded: ended }, ACCOUNT_MESSAGES.passwordResetDone);
    },
    { config: { audit: 'account.password_reset' } },
  );

  serve(
    app,
    CONTRACTS.login,
    async (request) => {
      auth.sweep();
      const mobile = checkedMobile(request.body.Mobile);
      // Until the password is proven, the attempt is known by a keyed hash of the number it tried.
      audit.note(request, { actor: audit.mobile(mobile) });
      if (!request.body.Password) throw new BadRequestError(ACCOUNT_MESSAGES.passwordRequired);
      const user = await checkedPassword(request, mobile, request.body.Password);
      audit.note(request, { actor: `account:${user.id}`, subject: `account:${user.id}` });
      return errorCodeOk(auth.issueLogin(auth.accounts.resolve(userSubject(user.id))!), '登录成功');
    },
    { config: { audit: 'account.login' } },
  );

  // The chat app's own authorization happens on the phone (OAuth 2.0 authorization code): it
  // sends the browser back with a one-time code and the SPA's state, exchanged here once.
  serve(
    app,
    CONTRACTS.wechatLogin,
    async (request) => {
      const subject = wechatIdentityOf(request.body.Code, request.body.State);
      audit.note(request, { actor: audit.account(subject), subject: audit.account(subject) });
      return errorCodeOk(auth.issueLogin(subject), '登录成功');
    },
    { config: { audit: 'account.wechat_login' } },
  );

  serve(app, CONTRACTS.profile, async (request) => errorCodeOk(auth.profile(auth.session(request))), {
    onRequest: auth.requireLogin,
  });

  serve(
    app,
    CONTRACTS.bindMobile,
    async (request) => {
      const session = boundBySelf(auth.session(request));
      if (session.subject.kind !== 'wechat') throw new BadRequestError('当前为手机号码账号登录，无需绑定手机账号');
      if (session.subject.user) throw new ConflictError('该微信身份已绑定手机账号');
      const mobile = checkedMobile(request.body.Mobile);
      if (!request.body.Password) throw new BadRequestError(ACCOUNT_MESSAGES.passwordRequired);
      const user = await checkedPassword(request, mobile, request.body.Password);
      audit.note(request, { subject: `account:${user.id}` });
      if (!auth.bindWechat(user.id, session.subject.wechat.openId)) {
        throw new ConflictError('该手机账号已绑定其他微信身份');
      }
      consentToBinding(user.id);
      audit.note(request, { details: { consent: 'wechat_binding', version: PRIVACY_RULES_VERSION } });
      await notifyBinding(request, user.mobile, session.subject.wechat.nickname);
      return errorCodeOk(
        auth.profile({ ...session, subject: auth.accounts.resolve(session.subject.key)! }),
        '绑定成功',
      );
    },
    { onRequest: auth.requireLogin, config: { audit: 'account.bind_mobile' } },
  );

  serve(
    app,
    CONTRACTS.bindWechat,
    async (request) => {
      const session = boundBySelf(auth.session(request));
      if (session.subject.kind !== 'user') throw new BadRequestError('当前为微信登录，请通过“绑定账号”绑定手机账号');
      if (session.subject.wechat) throw new ConflictError('该手机账号已绑定微信身份');
      audit.note(request, { subject: `account:${session.subject.user.id}` });
      const identity = wechatIdentityOf(request.body.Code, request.body.State).wechat;
      if (!auth.bindWechat(session.subject.user.id, identity.openId)) {
        throw new ConflictError('该微信身份已绑定其他手机账号');
      }
      consentToBinding(session.subject.user.id);
      audit.note(request, { details: { consent: 'wechat_binding', version: PRIVACY_RULES_VERSION } });
      await notifyBinding(request, session.subject.user.mobile, identity.nickname);
      return errorCodeOk(
        auth.profile({ ...session, subject: auth.accounts.resolve(session.subject.key)! }),
        '绑定成功',
      );
    },
    { onRequest: auth.requireLogin, config: { audit: 'account.bind_wechat' } },
  );

  // Letting the bound chat-app identity go: from a mobile login made here, with the account's
  // password again (a login left open is not enough); every other login of the account ends,
  // the identity's included.
  serve(
    app,
    CONTRACTS.unbindWechat,
    async (request) => {
      const session = boundBySelf(auth.session(request));
      if (session.subject.kind !== 'user') throw new BadRequestError(ACCOUNT_MESSAGES.unbindNeedsMobileLogin);
      const { user } = session.subject;
      audit.note(request, { subject: `account:${user.id}` });
      if (!session.subject.wechat) throw new ConflictError(ACCOUNT_MESSAGES.wechatNotBound);
      if (!request.body.Password) throw new BadRequestError(ACCOUNT_MESSAGES.passwordRequired);
      await checkedPassword(request, user.mobile, request.body.Password);
      const unbound = auth.unbindWechat(user.id, session.sid);
      if (unbound === null) throw new ConflictError(ACCOUNT_MESSAGES.wechatNotBound);
      // The binding's purpose is gone: its consent ends with it (kept on record as withdrawn).
      consents.withdraw(userSubject(user.id), 'wechat_binding', formatBeijingTime());
      audit.note(request, { details: { loginsEnded: unbound.loginsEnded } });
      return errorCodeOk(
        auth.profile({ ...session, subject: auth.accounts.resolve(session.subject.key)! }),
        ACCOUNT_MESSAGES.wechatUnbound,
      );
    },
    { onRequest: auth.requireLogin, config: { audit: 'account.unbind_wechat' } },
  );
}
