import { CONTRACTS, PRIVACY_RULES_VERSION, formatBeijingTime, type ConsentStatus } from '@credit-portal/shared';
import { errorCodeOk } from '../../lib/dialect.js';
import { BadRequestError } from '../../lib/errors.js';
import { serve } from '../../lib/serve.js';
import type { TypeboxApp } from '../../lib/typebox-app.js';
import { ownerOf } from '../../plugins/auth.js';
import type { ConsentRepository } from '../../repositories/consents.js';

/** The message of a consent to a version other than the one in force (a page left open across a change). */
export const STALE_RULES_MESSAGE = '个人信息处理规则已更新，请刷新页面，阅读最新版本后再同意';

/**
 * The consent to the 个人信息处理规则 of the account logged in (a bound chat-app login answers for
 * its mobile account): whether it must agree again, and agreeing. The account is the session's,
 * never named by the request, so no one reads or gives another's consent.
 */
export function registerConsentRoutes(app: TypeboxApp, consents: ConsentRepository): void {
  const { auth } = app;

  const statusOf = (owner: string): ConsentStatus => {
    const accepted = consents.versionInForce(owner, 'registration');
    return { Version: PRIVACY_RULES_VERSION, AcceptedVersion: accepted, Required: accepted !== PRIVACY_RULES_VERSION };
  };

  serve(app, CONTRACTS.consentStatus, async (request) => errorCodeOk(statusOf(ownerOf(auth.session(request)))), {
    onRequest: auth.requireLogin,
  });

  serve(
    app,
    CONTRACTS.consentAccept,
    async (request) => {
      const session = auth.session(request);
      const owner = ownerOf(session);
      app.audit.note(request, { subject: app.audit.account(session.subject), details: { purpose: 'registration' } });
      if (request.body.Version !== PRIVACY_RULES_VERSION) throw new BadRequestError(STALE_RULES_MESSAGE);
      // Agreeing again to the version already in force records nothing new.
      if (consents.versionInForce(owner, 'registration') !== PRIVACY_RULES_VERSION) {
        consents.grant(owner, 'registration', PRIVACY_RULES_VERSION, formatBeijingTime());
      }
      app.audit.note(request, { details: { version: PRIVACY_RULES_VERSION } });
      return errorCodeOk(statusOf(owner), '已同意个人信息处理规则');
    },
    { onRequest: auth.requireLogin, config: { audit: 'consent.grant' } },
  );
}
