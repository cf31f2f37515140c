import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  ApplicationSchema,
  REVIEW_TOKEN_HEADER,
  ReviewRequestSchema,
  SERVICE_MESSAGES,
  SERVICE_REVIEW_PATH,
  formatVisitTime,
} from '@credit-portal/shared';
import { errorCodeOk, errorCodeResponses } from '../lib/dialect.js';
import { ConflictError, NotFoundError, UnauthorizedError } from '../lib/errors.js';
import type { ServicesRepository } from '../repositories/services.js';
import type { TypeboxApp } from '../lib/typebox-app.js';
import { reviewTokenMatches } from './review-token.js';
import { reviewNote } from './review-audit.js';

/**
 * The centre's side of the applications: the open ones, and one review action at a time
 * (受理 → 开始审核 → 审核通过/不通过 → 办结). Only with the review token; the public gateway
 * does not proxy this path.
 */
export function registerReviewRoutes(app: TypeboxApp, repo: ServicesRepository, token: string): void {
  const checkToken = async (request: FastifyRequest) => {
    if (!reviewTokenMatches(request.headers[REVIEW_TOKEN_HEADER], token)) {
      throw new UnauthorizedError(SERVICE_MESSAGES.reviewTokenBad);
    }
  };

  app.get(
    SERVICE_REVIEW_PATH,
    { onRequest: checkToken, schema: { response: errorCodeResponses(Type.Array(ApplicationSchema)) } },
    async () => errorCodeOk(repo.openApplications()),
  );

  app.post(
    SERVICE_REVIEW_PATH,
    {
      onRequest: checkToken,
      schema: { body: ReviewRequestSchema, response: errorCodeResponses(ApplicationSchema) },
      config: { audit: 'application.review' },
    },
    async (request) => {
      const { body } = request;
      const applyNo = body.applyNo.trim().toUpperCase();
      app.audit.note(request, reviewNote(applyNo, body.action, 'api'));
      const result = repo.review(applyNo, body.action, formatVisitTime(), body.comment, body.handlingUnit);
      if (result.outcome === 'not_found') throw new NotFoundError(SERVICE_MESSAGES.applicationNotFound);
      if (result.outcome === 'transition') throw new ConflictError(SERVICE_MESSAGES.reviewTransitionBad);
      app.audit.note(request, { details: { status: result.application.Status } });
      return errorCodeOk(result.application, '已处理');
    },
  );
}
