import type { FastifyPluginAsync } from 'fastify';
import contentRoutes, { type CmsRouteOptions } from './content.js';
import districtRoutes from './district.js';
import mediaRoutes from './media.js';

/** The CMS: portal content, the district sites and the images they show. */
const cmsRoutes: FastifyPluginAsync<CmsRouteOptions> = async (app, options) => {
  await app.register(contentRoutes, options);
  await app.register(districtRoutes, options);
  await app.register(mediaRoutes, options);
};

export default cmsRoutes;
