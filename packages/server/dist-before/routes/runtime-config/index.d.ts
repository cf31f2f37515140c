import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
/** The site identity and external-page addresses, so one SPA build runs in every deployment. */
declare const runtimeConfigRoutes: FastifyPluginAsyncTypebox;
export default runtimeConfigRoutes;
