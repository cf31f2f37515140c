import { CONTRACTS, ACCOUNT_MESSAGES, mobileProblem, passwordProblem } from '@credit-portal/shared';
import { errorCodeOk, errorCodeResponses } from '../../lib/dialect.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { userSubject, wechatSubject } from '../../repositories/accounts.js';
import type { TypeboxApp } from '../../lib/typebox-app.js';

const pad = (n: number): string => String(n).padStart(2, '0');
/** yyyy-mm-dd hh:mm:ss in the server's local time, as the centre's systems write timestamps. */
function localTimestamp(date = new Date()): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** A mobile number as typed (spaces and full-width digits aside), or a 400 saying what is wrong. */
function checkedMobile(raw: string): string {
  const mobile = raw.replace(/\s+/g, '').replace(/[０-９]/g, (d) => String(d.charCodeAt(0) - 0xff10));
  const problem = mobileProblem(mobile);
  if (problem) throw new BadRequestError(problem);
  return mobile;
}

/** Registration, password and chat-app login, the profile and binding (the old site's logintoken: session.ts). */
export function registerAuthRoutes(app: TypeboxApp): void {
  const { auth } = app;
  app.post(
    CONTRACTS.register.path,
    {
      schema: { body: CONTRACTS.register.body, response: errorCodeResponses(CONTRACTS.register.data) },
      config: { emptyFieldMessages: CONTRACTS.register.emptyFieldMessages },
    },
    async (request) => {
      const mobile = checkedMobile(request.body.Mobile);
      const { Password, ConfirmPassword } = request.body;
      const problem = passwordProblem(Password);
      if (problem) throw new BadRequestError(problem);
      if (ConfirmPassword !== undefined && ConfirmPassword !== Password) {
        throw new BadRequestError(ACCOUNT_MESSAGES.passwordMismatch);
      }
      // Checked before the slow hash as well as by the insert, which settles a race.
      if (auth.accounts.userByMobile(mobile)) throw new ConflictError(ACCOUNT_MESSAGES.mobileTaken);
      const id = auth.accounts.createUser(mobile, await hashPassword(Password), localTimestamp());
      if (id === null) throw new ConflictError(ACCOUNT_MESSAGES.mobileTaken);
      return errorCodeOk(auth.issueLogin(auth.accounts.resolve(userSubject(id))!), '注册成功');
    },
  );

  app.post(
    CONTRACTS.login.path,
    {
      schema: { body: CONTRACTS.login.body, response: errorCodeResponses(CONTRACTS.login.data) },
      config: { emptyFieldMessages: CONTRACTS.login.emptyFieldMessages },
    },
    async (request) => {
      auth.sweep();
      const mobile = checkedMobile(request.body.Mobile);
      if (!request.body.Password) throw new BadRequestError(ACCOUNT_MESSAGES.passwordRequired);
      const user = await auth.checkPassword(mobile, request.body.Password, request.ip);
      return errorCodeOk(auth.issueLogin(auth.accounts.resolve(userSubject(user.id))!), '登录成功');
    },
  );

  app.get(
    CONTRACTS.wechatIdentities.path,
    { schema: { response: errorCodeResponses(CONTRACTS.wechatIdentities.data) } },
    async () => errorCodeOk(auth.accounts.wechatIdentities()),
  );

  // The chat app's own authorization happens on the phone; its answer (the identity) arrives here.
  app.post(
    CONTRACTS.wechatLogin.path,
    { schema: { body: CONTRACTS.wechatLogin.body, response: errorCodeResponses(CONTRACTS.wechatLogin.data) } },
    async (request) => {
      const subject = auth.accounts.resolve(wechatSubject(request.body.OpenId));
      if (!subject) throw new NotFoundError(ACCOUNT_MESSAGES.wechatNotFound);
      return errorCodeOk(auth.issueLogin(subject), '登录成功');
    },
  );

  app.get(
    CONTRACTS.profile.path,
    { onRequest: auth.requireLogin, schema: { response: errorCodeResponses(CONTRACTS.profile.data) } },
    async (request) => errorCodeOk(auth.profile(auth.session(request))),
  );

  app.post(
    CONTRACTS.bindMobile.path,
    {
      onRequest: auth.requireLogin,
      schema: { body: CONTRACTS.bindMobile.body, response: errorCodeResponses(CONTRACTS.bindMobile.data) },
      config: { emptyFieldMessages: CONTRACTS.bindMobile.emptyFieldMessages },
    },
    async (request) => {
      const session = auth.session(request);
      if (session.subject.kind !== 'wechat') throw new BadRequestError('当前为手机号码账号登录，无需绑定手机账号');
      if (session.subject.user) throw new ConflictError('该微信身份已绑定手机账号');
      const mobile = checkedMobile(request.body.Mobile);
      if (!request.body.Password) throw new BadRequestError(ACCOUNT_MESSAGES.passwordRequired);
      const user = await auth.checkPassword(mobile, request.body.Password, request.ip);
      if (!auth.accounts.bindWechat(user.id, session.subject.wechat.openId)) {
        throw new ConflictError('该手机账号已绑定其他微信身份');
      }
      return errorCodeOk(
        auth.profile({ ...session, subject: auth.accounts.resolve(session.subject.key)! }),
        '绑定成功',
      );
    },
  );

  app.post(
    CONTRACTS.bindWechat.path,
    {
      onRequest: auth.requireLogin,
      schema: { body: CONTRACTS.bindWechat.body, response: errorCodeResponses(CONTRACTS.bindWechat.data) },
    },
    async (request) => {
      const session = auth.session(request);
      if (session.subject.kind !== 'user') throw new BadRequestError('当前为微信登录，请通过“绑定账号”绑定手机账号');
      if (session.subject.wechat) throw new ConflictError('该手机账号已绑定微信身份');
      const identity = auth.accounts.wechatById(request.body.OpenId);
      if (!identity) throw new NotFoundError(ACCOUNT_MESSAGES.wechatNotFound);
      if (!auth.accounts.bindWechat(session.subject.user.id, identity.openId)) {
        throw new ConflictError('该微信身份已绑定其他手机账号');
      }
      return errorCodeOk(
        auth.profile({ ...session, subject: auth.accounts.resolve(session.subject.key)! }),
        '绑定成功',
      );
    },
  );
}
