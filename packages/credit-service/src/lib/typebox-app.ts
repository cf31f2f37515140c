import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** The app as route modules receive it: the TypeBox type provider's instance. */
export type TypeboxApp = Parameters<FastifyPluginAsyncTypebox>[0];
