import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** Where both services serve their OpenAPI document (`/docs/json`) and its UI. */
export const DOCS_PREFIX = '/docs';

export interface DocsOptions {
  title: string;
  description: string;
  /** The document's tags, in the order the UI lists them. */
  tags?: { name: string; description: string }[];
  /** Each route's documented schema (hidden, tagged, its answers); the service's own choice. */
  transform: FastifyDynamicSwaggerOptions['transform'];
}

/**
 * OpenAPI at /docs (UI) and /docs/json from each route's schemas, with bearer (JWT) logins.
 * Registered before the routes: it collects them as they are added.
 */
export async function registerDocs(app: FastifyInstance, options: DocsOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: options.title, description: options.description, version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      ...(options.tags ? { tags: options.tags } : {}),
    },
    transform: options.transform,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: 'list', deepLinking: false } });
}
