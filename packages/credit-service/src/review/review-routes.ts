import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  ApplicationSchema,
  ReviewerLoginRequestSchema,
  ReviewerSessionSchema,
  ReviewRequestSchema,
  SERVICE_MESSAGES,
  SERVICE_REVIEW_LOGIN_PATH,
  SERVICE_REVIEW_LOGOUT_PATH,
  SERVICE_REVIEW_PATH,
  formatBeijingTime,
} from '@credit-portal/shared';
import { errorCodeOk, errorCodeResponses } from '../lib/dialect.js';
import { ConflictError, NotFoundError, UnauthorizedError } from '../lib/errors.js';
import type { ServicesRepository } from '../repositories/services.js';
import type { TypeboxApp } from '../lib/typebox-app.js';
import type { ReviewerAuth } from './reviewer-auth.js';
import { reviewerRef, type Reviewer } from './reviewers.js';
import { loginNote, reviewNote } from './review-audit.js';

/** The bearer token of a request (Authorization: Bearer …), or null. */
export function bearerOf(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization?.trim() ?? '');
  return match ? match[1]! : null;
}

/**
 * The centre's side of the applications: the open ones, and one review action at a time
 * (受理 → 开始审核 → 审核通过/不通过 → 办结), by a reviewer signed in with password and TOTP code
 * (the session's bearer token). The public gateway does not proxy these paths.
 */
export function registerReviewRoutes(app: TypeboxApp, repo: ServicesRepository, auth: ReviewerAuth): void {
  const reviewers = new WeakMap<FastifyRequest, Reviewer>();
  const requireReviewer = async (request: FastifyRequest) => {
    const reviewer = auth.reviewerOf(bearerOf(request));
    if (!reviewer) throw new UnauthorizedError(SERVICE_MESSAGES.reviewerSessionBad);
    reviewers.set(request, reviewer);
  };

  app.post(
    SERVICE_REVIEW_LOGIN_PATH,
    {
      schema: { body: ReviewerLoginRequestSchema, response: errorCodeResponses(ReviewerSessionSchema) },
      // A password and a TOTP code.
      config: { audit: 'reviewer.login', limitClass: 'strict' },
    },
    async (request) => {
      const { login, password, code } = request.body;
      const outcome = await auth.login(login, password, code);
      app.audit.note(request, loginNote(app.audit, login, outcome, 'api'));
      if (!outcome.ok) throw new UnauthorizedError(SERVICE_MESSAGES.reviewerLoginBad);
      return errorCodeOk({
        token: outcome.token,
        expiresAt: new Date(outcome.expiresAt).toISOString(),
        login: outcome.reviewer.login,
        name: outcome.reviewer.name,
      });
    },
  );

  app.post(
    SERVICE_REVIEW_LOGOUT_PATH,
    // Leaving is never refused at the strict rate.
    {
      onRequest: requireReviewer,
      config: { limitClass: 'default' },
      schema: { response: errorCodeResponses(Type.Null()) },
    },
    async (request) => {
      auth.logout(bearerOf(request)!);
      return errorCodeOk(null, '已退出');
    },
  );

  app.get(
    SERVICE_REVIEW_PATH,
    {
      onRequest: requireReviewer,
      config: { limitClass: 'strict' },
      schema: { response: errorCodeResponses(Type.Array(ApplicationSchema)) },
    },
    async () => errorCodeOk(repo.openApplications()),
  );

  app.post(
    SERVICE_REVIEW_PATH,
    {
      onRequest: requireReviewer,
      schema: { body: ReviewRequestSchema, response: errorCodeResponses(ApplicationSchema) },
      config: { audit: 'application.review', limitClass: 'strict' },
    },
    async (request) => {
      const { body } = request;
      const applyNo = body.applyNo.trim().toUpperCase();
      const reviewer = reviewers.get(request)!;
      app.audit.note(request, reviewNote(applyNo, body.action, 'api', reviewerRef(reviewer)));
      const result = repo.review(applyNo, body.action, formatBeijingTime(), body.comment, body.handlingUnit);
      if (result.outcome === 'not_found') throw new NotFoundError(SERVICE_MESSAGES.applicationNotFound);
      if (result.outcome === 'transition') throw new ConflictError(SERVICE_MESSAGES.reviewTransitionBad);
      app.audit.note(request, { details: { status: result.application.Status } });
      return errorCodeOk(result.application, '已处理');
    },
  );
}
