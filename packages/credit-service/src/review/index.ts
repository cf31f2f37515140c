import type { ServicesRepository } from '../repositories/services.js';
import type { TypeboxApp } from '../lib/typebox-app.js';
import { registerReviewPage } from './review-page.js';
import { registerReviewRoutes } from './review-routes.js';
import { createReviewerAuth } from './reviewer-auth.js';

/*
 * The centre's review wing of 信用服务, one folder: the reviewers and their sessions
 * (reviewers.ts, reviewer-auth.ts: password and TOTP code), the review endpoint (review-routes.ts),
 * the old-site review page (review-page.ts) and the command line (cli.ts, review-cli.ts), which
 * alone creates reviewers. routes/services registers it; it imports nothing of routes/.
 */

/** Registers the review endpoint and the review page: open to the reviewers of the database only. */
export function registerReview(app: TypeboxApp, repo: ServicesRepository): void {
  const auth = createReviewerAuth(app.db);
  registerReviewRoutes(app, repo, auth);
  registerReviewPage(app, repo, auth);
}
