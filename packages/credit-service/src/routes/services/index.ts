import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerReview } from '../../review/index.js';
import { registerApplicationRoutes } from './applications.js';
import { createServicesContext, type ServicesOptions } from './context.js';
import { registerObjectionRoutes } from './objection.js';
import { registerRepairRoutes } from './repair.js';
import { registerReportRoutes } from './reports.js';
import { registerVerifyRoutes } from './verify.js';

export type { ServicesOptions } from './context.js';
export { REPAIR_PURPOSES } from './repair.js';

/**
 * 信用服务 in the credit API's errorCode dialect: the penalty search and repair
 * purposes (public), filings with materials and the applications behind login (owner only),
 * the user's entities, the two reports as PDFs, their verification and the third-party check.
 * The parts: repair.ts, objection.ts, applications.ts (the user's own, and what both filings
 * share), reports.ts (with the signing keys), verify.ts; context.ts what they are given.
 */
const servicesRoutes: FastifyPluginAsyncTypebox<ServicesOptions> = async (app, options) => {
  const ctx = createServicesContext(app, options);

  await app.register(multipart);

  registerRepairRoutes(app, ctx);
  registerApplicationRoutes(app, ctx);
  registerObjectionRoutes(app, ctx);
  registerReportRoutes(app, ctx);
  registerVerifyRoutes(app, ctx);

  // The centre's review endpoint and page (review/), with the review token only.
  registerReview(app, ctx.repo);
};

export default servicesRoutes;
