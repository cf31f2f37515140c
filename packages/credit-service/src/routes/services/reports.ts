import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PATHS, CONTRACTS, SERVICE_MESSAGES, type ReportType } from '@credit-portal/shared';
import { signingKeysDocument } from '../../signing/report-signer.js';
import { errorCodeOk } from '../../lib/dialect.js';
import { ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { serve } from '../../lib/serve.js';
import type { TypeboxApp } from '../../lib/typebox-app.js';
import { ownerOf } from '../../plugins/auth.js';
import type { ServicesContext } from './context.js';

/** How long the published key list may be cached; a key file never changes (its name is its hash). */
const KEY_LIST_MAX_AGE_SECONDS = 300;
const KEY_FILE_MAX_AGE_SECONDS = 86_400;

/** Content-Disposition of a download with a Chinese name (RFC 6266 / 5987). */
const attachment = (fileName: string): string =>
  `attachment; filename="credit-report.pdf"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/**
 * The two reports as PDFs: the enterprise report (public) and the special report (behind login,
 * the owner's entities only); and the public keys that sign them.
 */
export function registerReportRoutes(app: TypeboxApp, ctx: ServicesContext): void {
  const { repo } = ctx;
  const { auth } = app;
  const { requireLogin } = auth;
  const { reports } = ctx.options;

  async function sendReport(
    request: FastifyRequest,
    reply: FastifyReply,
    type: ReportType,
    body: { entityId: string; periodFrom: string; periodTo: string; areas?: string[] },
    requestedBy: string | null,
  ) {
    const issued = await reports.issue(type, { ...body, requestedBy });
    app.audit.note(request, {
      subject: `entity:${body.entityId}`,
      // The areas asked for (a 专项信用报告's): what the applicant chose is on the record.
      details: { type, reportNumber: issued.reportNumber, keyId: issued.keyId, areas: body.areas },
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', attachment(issued.fileName))
      .header('x-report-number', issued.reportNumber)
      .header('cache-control', 'no-store')
      .send(issued.pdf);
  }

  serve(
    app,
    CONTRACTS.enterpriseReport,
    async (request, reply) => sendReport(request, reply, 'enterprise', request.body, null),
    { config: { audit: 'report.issued' } },
  );

  serve(
    app,
    CONTRACTS.specialReport,
    async (request, reply) => {
      const owner = ownerOf(auth.session(request));
      const entity = repo.entity(request.body.entityId, undefined);
      if (!entity) throw new NotFoundError(SERVICE_MESSAGES.entityNotFound);
      if (!repo.owns(owner, entity.id)) throw new ForbiddenError(SERVICE_MESSAGES.notMyBusiness);
      return sendReport(request, reply, 'special', request.body, owner);
    },
    { onRequest: requireLogin, config: { audit: 'report.issued' } },
  );

  // The public keys, at a stable public address: every key that has ever signed a report.
  const { signer } = ctx.options;
  serve(app, CONTRACTS.reportSigningKeys, async (_request, reply) => {
    reply.header('cache-control', `public, max-age=${KEY_LIST_MAX_AGE_SECONDS}`);
    return errorCodeOk(signingKeysDocument(signer.keys(), app.site.centreName));
  });
  app.get<{ Params: { file: string } }>(`${API_PATHS.reportSigningKeyPem}:file`, async (request, reply) => {
    const keyId = /^([0-9a-f]{64})\.pem$/.exec(request.params.file)?.[1];
    const key = keyId ? signer.key(keyId) : null;
    if (!key) throw new NotFoundError('未找到该签名公钥');
    return reply
      .type('application/x-pem-file')
      .header('cache-control', `public, max-age=${KEY_FILE_MAX_AGE_SECONDS}, immutable`)
      .header('content-disposition', `inline; filename="${key.keyId}.pem"`)
      .send(key.publicKeyPem);
  });
}
