import type { ServicesRepository } from '../repositories/services.js';
import type { TypeboxApp } from '../lib/typebox-app.js';
import { registerReviewPage } from './review-page.js';
import { registerReviewRoutes } from './review-routes.js';

/*
 * The centre's review wing of 信用服务 (issue 11), one folder: the token check (review-token.ts),
 * the review endpoint (review-routes.ts), the old-site review page (review-page.ts) and the
 * command line (cli.ts, review-cli.ts). routes/services registers it; it imports nothing of routes/.
 */

/** Registers the review endpoint and the review page, both behind `token` (CREDIT_SERVICE_REVIEW_TOKEN). */
export function registerReview(app: TypeboxApp, repo: ServicesRepository, token: string): void {
  registerReviewRoutes(app, repo, token);
  registerReviewPage(app, repo, token);
}
