import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  CONTRACTS,
  MY_DATA_MESSAGES,
  SMS_CODE_TTL_SECONDS,
  formatBeijingTime,
  smsCodeProblem,
} from '@credit-portal/shared';
import { errorCodeOk } from '../../lib/dialect.js';
import {
  BadRequestError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../lib/errors.js';
import { serve } from '../../lib/serve.js';
import type { Session } from '../../plugins/auth.js';
import type { UserRow } from '../../repositories/account.js';
import { createSmsCodeRepository } from '../../repositories/account-sms-codes.js';
import { createConsentRepository } from '../../repositories/consents.js';
import { createMyDataRepository } from '../../repositories/my-data.js';
import { isDemoAccount } from '../../lib/demo-accounts.js';
import type { SmsSender } from '../../sms/sender.js';
import { sendSmsCode } from '../account/sms-code.js';
import { buildCopy, refsOf, sessionRef } from './copy.js';
import { renderMyDataPdf } from './pdf.js';

export interface MyDataOptions {
  /** The SMS sender (注销账号's code and its confirmation); null: no code can be sent. */
  sms: SmsSender | null;
  siteName: string;
}

const closeCodeText = (siteName: string, code: string): string =>
  `【${siteName}】您正在注销账号，验证码为${code}，${SMS_CODE_TTL_SECONDS / 60}分钟内有效。注销后关注、邮件设置等数据将被删除且不可恢复。如非本人操作，请勿告知他人并立即修改密码。`;

const closedText = (siteName: string): string =>
  `【${siteName}】您的账号已注销：全部登录已结束，微信绑定、信用关注和邮件设置已删除；此号码可重新注册。如非本人操作，请联系信用中心。`;

/**
 * 我的数据 (PIPL Art. 45): the copy of everything held about the caller's account, as JSON and as
 * a PDF, and the end of one of its logins; 注销账号 (PIPL Art. 47, 15): an SMS code to the account's
 * own number, then the password and the code close it (repositories/my-data.ts says what is
 * erased and what is kept). Every route acts for the account of the caller's login: nothing is
 * named in a request but a session of the account's own.
 */
const myDataRoutes: FastifyPluginAsyncTypebox<MyDataOptions> = async (app, options) => {
  const { auth, audit } = app;
  const repo = createMyDataRepository(app.db);
  const consents = createConsentRepository(app.db);
  const closeCodes = createSmsCodeRepository(app.db, 'account_close');

  /** The mobile account the login acts for (a bound chat-app login acts for it). */
  const accountOf = (request: FastifyRequest): { session: Session; user: UserRow } => {
    const session = auth.session(request);
    const user = session.subject.user;
    if (!user) throw new BadRequestError(MY_DATA_MESSAGES.needsMobile);
    audit.note(request, { subject: `account:${user.id}` });
    return { session, user };
  };

  /** A closing is asked from a login made here, of a mobile account that is not a demo one. */
  const closable = (request: FastifyRequest): { session: Session; user: UserRow } => {
    const found = accountOf(request);
    // A login that came by a link may be someone else's, as for 修改密码 and a binding.
    if (found.session.restricted) throw new ForbiddenError(MY_DATA_MESSAGES.closeNeedsOwnLogin);
    if (isDemoAccount(app.db, found.user.mobile)) {
      audit.note(request, { reason: 'demo_account' });
      throw new ForbiddenError(MY_DATA_MESSAGES.closeDemoRefused);
    }
    return found;
  };

  const copyOf = async (request: FastifyRequest) => {
    const { session, user } = accountOf(request);
    const copy = await buildCopy(app, repo, consents, session, user);
    if (!copy) throw new UnauthorizedError(ACCOUNT_MESSAGES.loginTokenInvalid);
    return copy;
  };

  serve(app, CONTRACTS.myData, async (request) => errorCodeOk(await copyOf(request)), {
    onRequest: auth.requireLogin,
    config: { audit: 'account.data_copy' },
  });

  serve(
    app,
    CONTRACTS.myDataPdf,
    async (request, reply) => {
      const pdf = await renderMyDataPdf(await copyOf(request), options.siteName);
      audit.note(request, { details: { format: 'pdf' } });
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="my-data.pdf"; filename*=UTF-8''${encodeURIComponent('我的数据.pdf')}`,
        )
        .header('cache-control', 'no-store')
        .send(pdf);
    },
    { onRequest: auth.requireLogin, config: { audit: 'account.data_copy' } },
  );

  // Only a session of the caller's own account can be found by its reference: another account's
  // is answered as one that ended.
  serve(
    app,
    CONTRACTS.sessionEnd,
    async (request) => {
      const { user } = accountOf(request);
      const target = auth.accountSessions(user.id).find((row) => sessionRef(row.sid) === request.body.Id);
      if (!target) throw new NotFoundError(MY_DATA_MESSAGES.sessionNotFound);
      return errorCodeOk({ Ended: auth.endSession(target.sid) }, MY_DATA_MESSAGES.sessionEnded);
    },
    { onRequest: auth.requireLogin, config: { audit: 'account.session_end' } },
  );

  serve(
    app,
    CONTRACTS.closeAccountCode,
    async (request) => {
      const { user } = closable(request);
      const answer = await sendSmsCode(request, options, user.mobile, closeCodes, 'account_close', closeCodeText);
      return { ...answer, Msg: MY_DATA_MESSAGES.codeSent };
    },
    { onRequest: auth.requireLogin },
  );

  serve(
    app,
    CONTRACTS.closeAccount,
    async (request) => {
      const { session, user } = closable(request);
      const { Password, Code, Confirm } = request.body;
      // The form's own errors first: they cost neither a password check nor a code's try.
      if (!Confirm) throw new BadRequestError(MY_DATA_MESSAGES.closeConfirmRequired);
      if (!Password) throw new BadRequestError(ACCOUNT_MESSAGES.passwordRequired);
      const code = Code.trim();
      const codeProblem = smsCodeProblem(code);
      if (codeProblem) throw new BadRequestError(codeProblem);
      try {
        await auth.checkPassword(user.mobile, Password, request.ip);
      } catch (error) {
        if (error instanceof TooManyRequestsError) audit.note(request, { reason: 'locked_out' });
        if (!(error instanceof UnauthorizedError)) throw error;
        audit.note(request, { reason: 'wrong_credentials' });
        // Not 401: the login is fine, the password typed is not.
        throw new BadRequestError(MY_DATA_MESSAGES.closeWrongPassword);
      }
      if (!closeCodes.prove(user.mobile, code, Date.now())) {
        audit.note(request, { reason: 'wrong_sms_code' });
        throw new BadRequestError(ACCOUNT_MESSAGES.smsCodeInvalid);
      }

      const refs = refsOf(user, session.subject.wechat?.openId ?? null);
      const ref = audit.closedAccount(user.id);
      const closed = app.db.transaction(() => {
        const sessionsEnded = auth.endEveryLogin(user);
        const erasure = repo.close(refs, ref, formatBeijingTime());
        let consentsKept = 0;
        for (const owner of refs.owners) consentsKept += consents.reassign(owner, ref);
        for (const purpose of ['register', 'password_reset', 'account_close'] as const) {
          createSmsCodeRepository(app.db, purpose).forget(user.mobile);
        }
        return { sessionsEnded, ...erasure, consentsKept };
      })();
      audit.note(request, { details: closed });

      // The number hears of it: the one way its owner learns of a closing made by someone else.
      if (options.sms) {
        const { sms } = options;
        await sms
          .send({ mobile: user.mobile, text: closedText(options.siteName), purpose: 'account_closed' })
          .catch((error: Error) =>
            request.log.warn({ sender: sms.kind, reason: error.message }, 'closing SMS not sent'),
          );
      }
      return errorCodeOk({ SessionsEnded: closed.sessionsEnded }, MY_DATA_MESSAGES.closed);
    },
    { onRequest: auth.requireLogin, config: { audit: 'account.close' } },
  );
};

export default myDataRoutes;
