import { ACCOUNT_MESSAGES, CONTRACTS, passwordProblem } from '@credit-portal/shared';
import { errorCodeOk } from '../../lib/dialect.js';
import { BadRequestError, ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../../lib/errors.js';
import { serve } from '../../lib/serve.js';
import type { TypeboxApp } from '../../lib/typebox-app.js';

/**
 * 修改密码 (not in the spec: chosen): a logged-in account's new password, given its current one.
 * The current password is checked as a login checks it (app.auth.checkPassword), so a wrong one
 * counts toward the same lockouts: a login left open is no way round them. The new password
 * follows registration's rules and is hashed as a reset's; every other login of the account ends
 * (its chat-app identity's included, as a reset ends them), the one that asks stays.
 */
export function registerPasswordChangeRoutes(app: TypeboxApp): void {
  const { auth, audit } = app;

  serve(
    app,
    CONTRACTS.passwordChange,
    async (request) => {
      const session = auth.session(request);
      // A login that came by a link may be someone else's, and the session ending below would
      // take its parent along: the person logs in here first, as for a binding.
      if (session.restricted) throw new ForbiddenError(ACCOUNT_MESSAGES.passwordChangeNeedsOwnLogin);
      // The mobile account the login acts for (a chat-app login bound to one acts for it).
      const user = session.subject.user;
      if (!user) throw new BadRequestError(ACCOUNT_MESSAGES.passwordChangeNeedsMobile);
      audit.note(request, { subject: `account:${user.id}` });

      const { Password, NewPassword, ConfirmPassword } = request.body;
      if (!Password) throw new BadRequestError(ACCOUNT_MESSAGES.currentPasswordRequired);
      // The form's own errors first: they cost no check of the current password.
      if (!NewPassword) throw new BadRequestError(ACCOUNT_MESSAGES.newPasswordRequired);
      const problem = passwordProblem(NewPassword);
      if (problem) throw new BadRequestError(problem);
      if (ConfirmPassword !== undefined && ConfirmPassword !== NewPassword) {
        throw new BadRequestError(ACCOUNT_MESSAGES.passwordMismatch);
      }
      if (NewPassword === Password) throw new BadRequestError(ACCOUNT_MESSAGES.newPasswordSame);

      try {
        await auth.checkPassword(user.mobile, Password, request.ip);
      } catch (error) {
        if (error instanceof TooManyRequestsError) {
          audit.note(request, { reason: 'locked_out' });
          throw error;
        }
        if (error instanceof UnauthorizedError) {
          audit.note(request, { reason: 'wrong_credentials' });
          // Not 401: the login is fine, the password typed is not (401 would read as logged out).
          throw new BadRequestError(ACCOUNT_MESSAGES.currentPasswordWrong);
        }
        throw error;
      }

      const ended = await auth.changePassword(user.id, NewPassword, session.sid);
      audit.note(request, { details: { sessionsEnded: ended } });
      return errorCodeOk({ SessionsEnded: ended }, ACCOUNT_MESSAGES.passwordChanged);
    },
    { onRequest: auth.requireLogin, config: { audit: 'account.password_change' } },
  );
}
