import { CONTRACTS, H5_MESSAGES, type H5TestLoginToken } from '@credit-portal/shared';
import { successOk, successResponses } from '../../lib/dialect.js';
import { BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../lib/errors.js';
import type { H5App, H5Context } from './context.js';
import { seal, unseal } from './crypto.js';

/** The SPA pages the face verification returns to, by cert type. */
export const RETURN_PAGES: Readonly<Record<string, string>> = { '': '#/h5/gtxy', grxybg: '#/h5/PersonCreditReport' };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Where the face verification may send a person back with their token: the portal's own origin,
 * or a loopback address (a local development or test portal, RFC 8252 §7.3). Anything else
 * would hand a verified token to a stranger's site.
 */
export function allowedReturnUrl(value: string, portalUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  return url.origin === new URL(portalUrl).origin || LOOPBACK.has(url.hostname);
}

interface ChannelMessage {
  Platform: string;
  Remark: string;
  Time: number;
}

/**
 * The login calls of the H5 app (spec §4): the channel wrapper, the cert token for the face
 * verification, its exchange for user info, the alternate-channel token, the hidden test login,
 * and the linked entities. Tokens ride in query strings here (the spec's shapes), so these routes
 * log at warn only: their request lines never reach the logs.
 */
export function registerLoginRoutes(app: H5App, ctx: H5Context): void {
  const { repo, options } = ctx;
  const quiet = { logLevel: 'warn' as const };

  app.post(
    CONTRACTS.h5Encode.path,
    { schema: { body: CONTRACTS.h5Encode.body, response: successResponses(CONTRACTS.h5Encode.data) } },
    async ({ body }) => {
      const message: ChannelMessage = {
        Platform: body.Platform.trim(),
        Remark: body.Remark?.trim() ?? '',
        Time: Date.now(),
      };
      repo.recordChannel(message.Platform, message.Remark);
      return successOk(seal(ctx.sealKey, message));
    },
  );

  app.post(
    CONTRACTS.h5CertToken.path,
    {
      schema: {
        querystring: CONTRACTS.h5CertToken.query,
        body: CONTRACTS.h5CertToken.body,
        response: successResponses(CONTRACTS.h5CertToken.data),
      },
    },
    async ({ query, body }) => {
      const certType = query.type ?? '';
      let platform: string | null = null;
      if (body.EncodeMsg) {
        const message = unseal(ctx.sealKey, body.EncodeMsg) as Partial<ChannelMessage> | undefined;
        if (!message || typeof message.Platform !== 'string')
          throw new BadRequestError('渠道信息无效，请刷新页面后重试');
        platform = message.Platform;
      }
      const returnUrl = body.ReturnUrl?.trim() || `${options.portalUrl}${RETURN_PAGES[certType]}`;
      if (!allowedReturnUrl(returnUrl, options.portalUrl)) throw new BadRequestError(H5_MESSAGES.returnUrlRefused);
      return successOk(repo.issueToken('cert', null, ctx.tokenTtlMs, { certType, returnUrl, platform }));
    },
  );

  app.get(
    CONTRACTS.h5CertExchange.path,
    {
      ...quiet,
      schema: {
        querystring: CONTRACTS.h5CertExchange.query,
        response: successResponses(CONTRACTS.h5CertExchange.data),
      },
    },
    async ({ query }) => {
      const row = repo.token('cert', query.certToken);
      if (!row || row.personId === null || row.expiresAt <= Date.now()) {
        throw new UnauthorizedError(H5_MESSAGES.certNotVerified);
      }
      const person = repo.person(row.personId);
      if (!person) throw new UnauthorizedError(H5_MESSAGES.certNotVerified);
      return successOk(ctx.userInfo(person));
    },
  );

  const testPerson = (name: string, idCard: string) => {
    if (!options.testMode) throw new ForbiddenError(H5_MESSAGES.testModeOff);
    if (!name.trim() || !idCard.trim()) throw new BadRequestError(H5_MESSAGES.testLoginEmpty);
    const person = repo.personByDocument(name, idCard);
    if (!person) throw new NotFoundError(H5_MESSAGES.personNotFound);
    return person;
  };

  app.get(
    CONTRACTS.h5TestLogin.path,
    {
      ...quiet,
      schema: { querystring: CONTRACTS.h5TestLogin.query, response: successResponses(CONTRACTS.h5TestLogin.data) },
    },
    async ({ query }) => {
      const person = testPerson(query.Name, query.IdCard);
      const token: H5TestLoginToken = { izgtxytoken: repo.issueToken('iz', person.id, ctx.tokenTtlMs) };
      // Data is a JSON string holding the token (spec §7).
      return successOk(JSON.stringify(token));
    },
  );

  app.post(
    CONTRACTS.h5TestUserInfo.path,
    { schema: { body: CONTRACTS.h5TestUserInfo.body, response: successResponses(CONTRACTS.h5TestUserInfo.data) } },
    async ({ body }) => successOk(ctx.userInfo(testPerson(body.Name, body.IdCard))),
  );

  app.get(
    CONTRACTS.h5IzLogin.path,
    {
      ...quiet,
      schema: { querystring: CONTRACTS.h5IzLogin.query, response: successResponses(CONTRACTS.h5IzLogin.data) },
    },
    async ({ query }) => {
      const row = repo.token('iz', query.Infotoken);
      if (!row || row.personId === null || row.expiresAt <= Date.now()) {
        throw new UnauthorizedError(H5_MESSAGES.loginExpired);
      }
      const person = repo.person(row.personId);
      if (!person) throw new UnauthorizedError(H5_MESSAGES.loginExpired);
      return successOk(ctx.userInfo(person));
    },
  );

  app.post(
    CONTRACTS.h5Entities.path,
    { schema: { body: CONTRACTS.h5Entities.body, response: successResponses(CONTRACTS.h5Entities.data) } },
    async ({ body }) => {
      const person = ctx.sessionPerson(body.Infotoken);
      return successOk({ Data: JSON.stringify(repo.entities(person.id)) });
    },
  );
}
