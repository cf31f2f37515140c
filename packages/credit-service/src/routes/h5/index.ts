import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createH5Context, type H5Options } from './context.js';
import { registerEntityDetailRoutes } from './entity-detail.js';
import { registerEntityReportRoutes } from './entity-report.js';
import { registerFaceVerifyRoutes } from './face-verify.js';
import { registerLoginRoutes } from './login.js';
import { registerReportAccessRoutes } from './report-access.js';
import { registerReportRoutes } from './report.js';

export { DEFAULT_H5_TOKEN_TTL_SECONDS, type EntityReportRenderer, type H5Options } from './context.js';
export { FACE_VERIFY_PATH } from './face-verify.js';

/**
 * The H5 personal credit app: the login calls (channel, cert token, exchanges, test
 * login, linked entities), a linked entity's details, the entity report by e-mail, the personal report (availability, RSA
 * key and encrypted token steps, tables, file, PDF by e-mail), who looked at the report and the face-verification stand-in.
 */
const h5Routes: FastifyPluginAsyncTypebox<H5Options> = async (app, options) => {
  const ctx = createH5Context(app, options);
  registerLoginRoutes(app, ctx);
  registerEntityDetailRoutes(app, ctx);
  registerEntityReportRoutes(app, ctx);
  registerReportRoutes(app, ctx);
  registerReportAccessRoutes(app, ctx);
  if (options.demo) registerFaceVerifyRoutes(app, ctx);
};

export default h5Routes;
