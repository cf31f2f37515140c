import { ACCOUNT_MESSAGES, CONTRACTS, OLD_SITE_CODE_TTL_SECONDS } from '@credit-portal/shared';
import { errorCodeOk } from '../../lib/dialect.js';
import { UnauthorizedError } from '../../lib/errors.js';
import { serve } from '../../lib/serve.js';
import type { TypeboxApp } from '../../lib/typebox-app.js';

const OLD_SITE_CODE_TTL_MS = OLD_SITE_CODE_TTL_SECONDS * 1000;

/**
 * Login sessions between the portal and the old site: logout, the one-time
 * code of the old site's personal centre, and the exchange of the old site's hand-off back to
 * the portal. No token ever travels in an address: the old-site pages take short single-use
 * codes bound to the session, and ending the session ends them.
 */
export function registerSessionRoutes(app: TypeboxApp): void {
  const { auth, audit } = app;

  // Logging out is always a success: a call without a live session (no token, a bad or expired
  // one, a second logout) has nothing to end and answers LoginToken null. Answering 401 instead
  // would send a person who only wants to leave through the not-logged-in rule (spec §7).
  serve(
    app,
    CONTRACTS.logout,
    async (request) => {
      auth.sweep();
      const ended = auth.endSessionOf(request);
      audit.note(
        request,
        ended
          ? { actor: audit.account(ended.subject), subject: audit.account(ended.subject) }
          : { reason: 'no_live_session' },
      );
      // The old site's logout page takes this code (NewLoginOut.aspx?LoginToken=…), never the token.
      const code = ended ? auth.mintCode('logout', ended, OLD_SITE_CODE_TTL_MS) : null;
      return errorCodeOk({ LoginToken: code }, '您已退出登录');
    },
    { config: { audit: 'account.logout' } },
  );

  serve(
    app,
    CONTRACTS.oldSiteHandoff,
    async (request) => {
      const { sid, subject } = auth.session(request);
      const code = auth.mintCode('oldsite', { sid, subject }, OLD_SITE_CODE_TTL_MS);
      return errorCodeOk({ LoginToken: code, ExpiresAt: new Date(Date.now() + OLD_SITE_CODE_TTL_MS).toISOString() });
    },
    { onRequest: auth.requireLogin, config: { audit: 'account.oldsite_handoff' } },
  );

  // The /newszxy entry: the old site's one-time logintoken gives a login in the session it was
  // minted from — refused once that session is logged out, past its end or idle.
  serve(
    app,
    CONTRACTS.loginTokenExchange,
    async (request) => {
      const taken = auth.takeCode('portal', request.body.LoginToken);
      const session = taken ? auth.liveSession(taken.sid) : null;
      if (!taken || !session || session.subject.key !== taken.subject) {
        throw new UnauthorizedError(ACCOUNT_MESSAGES.loginTokenInvalid);
      }
      audit.note(request, { actor: audit.account(session.subject), subject: audit.account(session.subject) });
      return errorCodeOk(auth.issueLogin(session.subject, session.sid), '登录成功');
    },
    { config: { audit: 'account.portal_token_exchange' } },
  );
}
