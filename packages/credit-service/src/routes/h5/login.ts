import { CONTRACTS, H5_MESSAGES, PRIVACY_RULES_VERSION, type H5TestLoginToken } from '@credit-portal/shared';
import { successOk } from '../../lib/dialect.js';
import { BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../lib/errors.js';
import { serve } from '../../lib/serve.js';
import type { H5App, H5Context } from './context.js';
import { seal, unseal } from './crypto.js';
import { createFaceConsent } from './face-consent.js';

/** The SPA pages the face verification returns to, by cert type. */
export const RETURN_PAGES: Readonly<Record<string, string>> = { '': '#/h5/gtxy', grxybg: '#/h5/PersonCreditReport' };

/** Loopback hosts as WHATWG URL parsing writes them (127.1 and 0x7f000001 come out as 127.0.0.1). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Where the face verification may send a person back with their one-time code: the portal's own
 * origin and path (the route checks the fragment); in demo mode (a laptop or test bench) also a loopback address on any port, a local
 * development portal (RFC 8252 §7.3). Both are compared on the parsed URL, never on the text:
 * `http://127.1.evil.example/` is a stranger's host, and `http://127.1/` or `http://0x7f000001/`
 * are the loopback address itself, which the parser writes as 127.0.0.1 — the same machine, so no
 * more than demo mode already allows. On any other bind a loopback address is a stranger too: a
 * program listening on a resident's own machine.
 */
export function allowedReturnUrl(value: string, portalUrl: string, demo: boolean): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  // The SPA's own document only: another path of the same origin may be any page or file a
  // stranger can place there (`//evil.example/` is such a path), and a query has no use here.
  const portal = new URL(portalUrl);
  if (url.pathname !== portal.pathname || url.search) return false;
  if (url.origin === portal.origin) return true;
  return demo && LOOPBACK.has(url.hostname);
}

interface ChannelMessage {
  Platform: string;
  Remark: string;
  Time: number;
}

/**
 * The login calls of the H5 app (spec §4): the channel wrapper, the cert token for the face
 * verification (bound to the asking browser by its code challenge), its one-time exchange for
 * user info, the tab's session and 退出, the alternate-channel token, the hidden test login, and
 * the linked entities. Tokens travel in JSON bodies, never in URLs; where the spec's shape puts
 * personal data in a query string (the test login), the route logs at warn only: its request
 * lines never reach the logs.
 */
export function registerLoginRoutes(app: H5App, ctx: H5Context): void {
  const { repo, options } = ctx;
  const { audit } = app;
  const faceConsent = createFaceConsent(app.db);
  serve(app, CONTRACTS.h5Encode, async ({ body }) => {
    const message: ChannelMessage = {
      Platform: body.Platform.trim(),
      Remark: body.Remark?.trim() ?? '',
      Time: Date.now(),
    };
    repo.recordChannel(message.Platform, message.Remark);
    return successOk(seal(ctx.sealKey, message));
  });

  // The hand-off to face verification: only with the consent to the login page's notice, which
  // is recorded (the rules' version and the time) before the token goes out.
  serve(
    app,
    CONTRACTS.h5CertToken,
    async (request) => {
      const { query, body } = request;
      const certType = query.type ?? '';
      let platform: string | null = null;
      if (body.EncodeMsg) {
        const message = unseal(ctx.sealKey, body.EncodeMsg) as Partial<ChannelMessage> | undefined;
        if (!message || typeof message.Platform !== 'string')
          throw new BadRequestError('渠道信息无效，请刷新页面后重试');
        platform = message.Platform;
      }
      const returnUrl = body.ReturnUrl?.trim() || `${options.portalUrl}${RETURN_PAGES[certType]}`;
      // Back to the flow's own page only (a review's hardening): not another page of the portal
      // that someone who started the flow for a stranger chose.
      if (
        !allowedReturnUrl(returnUrl, options.portalUrl, options.demo) ||
        new URL(returnUrl).hash !== RETURN_PAGES[certType]
      ) {
        throw new BadRequestError(H5_MESSAGES.returnUrlRefused);
      }
      const version = body.ConsentVersion?.trim() ?? '';
      if (version !== PRIVACY_RULES_VERSION) {
        audit.note(request, { reason: version ? 'consent_outdated' : 'no_consent' });
        throw new BadRequestError(version ? H5_MESSAGES.faceConsentOutdated : H5_MESSAGES.faceConsentMissing);
      }
      const codeChallenge = body.CodeChallenge;
      const token = repo.issueToken('cert', null, ctx.tokenTtlMs, { certType, returnUrl, platform, codeChallenge });
      audit.note(request, { details: { purpose: 'face_verification', version: faceConsent.record(token) } });
      return successOk(token);
    },
    { config: { audit: 'h5.face_consent' } },
  );

  // The exchange (a POST: the code and the verifier never ride in a URL). One answer for every
  // refusal — unknown, unverified, spent, expired, wrong code or verifier — so that it tells a
  // stranger nothing; the token is spent by any attempt.
  serve(
    app,
    CONTRACTS.h5CertExchange,
    async (request) => {
      const { body } = request;
      const personId = repo.exchangeCertToken(body.certToken, body.code, body.verifier);
      const person = personId === undefined ? undefined : repo.person(personId);
      if (!person) throw new UnauthorizedError(H5_MESSAGES.certNotVerified);
      const ref = audit.person(person.idNumber);
      audit.note(request, {
        actor: ref,
        subject: ref,
        details: { faceConsent: faceConsent.bind(body.certToken, ref) },
      });
      return successOk(ctx.userInfo(person, body.certToken));
    },
    { config: { audit: 'h5.cert_exchange' } },
  );

  // A reload of the tab: its live Infotoken → the same user info, nothing new minted.
  serve(app, CONTRACTS.h5Session, async ({ body }) => {
    const person = ctx.sessionPerson(body.Infotoken);
    return successOk({ Name: person.name, IdCard: person.idNumber, Infotoken: body.Infotoken });
  });

  // 退出: answered the same whether or not the token was still live (the browser forgets it either way).
  serve(
    app,
    CONTRACTS.h5Logout,
    async (request) => {
      const { body } = request;
      const personId = repo.token('info', body.Infotoken)?.personId;
      const person = personId == null ? undefined : repo.person(personId);
      if (person) audit.note(request, { actor: audit.person(person.idNumber), subject: audit.person(person.idNumber) });
      const revoked = repo.revokeSession(body.Infotoken);
      if (!revoked) audit.note(request, { reason: 'no_live_session' });
      return successOk({ Revoked: revoked }, H5_MESSAGES.loggedOut);
    },
    { config: { audit: 'h5.logout' } },
  );

  const testPerson = (name: string, idCard: string) => {
    if (!options.testMode) throw new ForbiddenError(H5_MESSAGES.testModeOff);
    if (!name.trim() || !idCard.trim()) throw new BadRequestError(H5_MESSAGES.testLoginEmpty);
    const person = repo.personByDocument(name, idCard);
    if (!person) throw new NotFoundError(H5_MESSAGES.personNotFound);
    return person;
  };

  serve(
    app,
    CONTRACTS.h5TestLogin,
    async (request) => {
      const { query } = request;
      if (query.IdCard.trim())
        audit.note(request, { actor: audit.person(query.IdCard), subject: audit.person(query.IdCard) });
      const person = testPerson(query.Name, query.IdCard);
      const token: H5TestLoginToken = { izgtxytoken: repo.issueToken('iz', person.id, ctx.tokenTtlMs) };
      // Data is a JSON string holding the token (spec §7).
      return successOk(JSON.stringify(token));
    },
    { logLevel: 'warn', config: { audit: 'h5.test_login' } },
  );

  serve(
    app,
    CONTRACTS.h5TestUserInfo,
    async (request) => {
      const { body } = request;
      if (body.IdCard.trim())
        audit.note(request, { actor: audit.person(body.IdCard), subject: audit.person(body.IdCard) });
      return successOk(ctx.userInfo(testPerson(body.Name, body.IdCard)));
    },
    { config: { audit: 'h5.test_login' } },
  );

  // The alternate channel's token (a POST: the izgtxytoken, a live login until it expires, never
  // rides in a URL; the spec's GET ?Infotoken= is no route).
  serve(
    app,
    CONTRACTS.h5IzLogin,
    async (request) => {
      const { body } = request;
      const row = repo.token('iz', body.Infotoken);
      if (!row || row.personId === null || row.expiresAt <= Date.now()) {
        throw new UnauthorizedError(H5_MESSAGES.loginExpired);
      }
      const person = repo.person(row.personId);
      if (!person) throw new UnauthorizedError(H5_MESSAGES.loginExpired);
      audit.note(request, { actor: audit.person(person.idNumber), subject: audit.person(person.idNumber) });
      return successOk(ctx.userInfo(person, body.Infotoken));
    },
    { config: { audit: 'h5.iz_login' } },
  );

  serve(app, CONTRACTS.h5Entities, async ({ body }) => {
    const person = ctx.sessionPerson(body.Infotoken);
    return successOk({ Data: JSON.stringify(repo.entities(person.id)) });
  });
}
