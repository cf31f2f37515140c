import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { API_PATHS } from '@credit-portal/shared';
import { errorResponsesOf } from '../../lib/dialect.js';
import { NOT_FOUND_MESSAGES, NotFoundError } from '../../lib/errors.js';
import { renderFlipbookPage, renderImage, SVG_CONTENT_TYPE } from '../../media/svg.js';
import { createContentRepository } from '../../repositories/content.js';
import type { ContentRouteOptions } from '../content/index.js';

// Drawn from stored records that never change once seeded: let browsers and the gateway keep them a day.
const CACHE_CONTROL = 'public, max-age=86400';

const FlipbookPageParamsSchema = Type.Object({
  recordId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }),
  file: Type.String({ pattern: '^[1-9][0-9]{0,3}\\.svg$' }),
});
/** The 200 answer: SVG markup, sent as image/svg+xml (never JSON-serialized). */
const SvgSchema = Type.String({ description: 'SVG image (image/svg+xml)' });
const ImageParamsSchema = Type.Object({ file: Type.String({ pattern: '^[a-z0-9-]{1,64}\\.svg$' }) });

/** Generated SVG images: flipbook pages and the pictures articles, banners and leaders show. */
const mediaRoutes: FastifyPluginAsyncTypebox<ContentRouteOptions> = async (app, options) => {
  const content = createContentRepository(app.db, { oldSiteUrl: options.oldSiteUrl });

  app.get(
    `${API_PATHS.flipbookPages}:recordId/:file`,
    {
      schema: {
        params: FlipbookPageParamsSchema,
        response: { 200: SvgSchema, ...errorResponsesOf(API_PATHS.flipbookPages) },
      },
    },
    async (request, reply) => {
      const page = content.flipbookPage(request.params.recordId, Number.parseInt(request.params.file, 10));
      if (!page) throw new NotFoundError(NOT_FOUND_MESSAGES.image);
      return reply.type(SVG_CONTENT_TYPE).header('cache-control', CACHE_CONTROL).send(renderFlipbookPage(page));
    },
  );

  app.get(
    `${API_PATHS.images}:file`,
    { schema: { params: ImageParamsSchema, response: { 200: SvgSchema, ...errorResponsesOf(API_PATHS.images) } } },
    async (request, reply) => {
      const image = content.image(request.params.file.slice(0, -'.svg'.length));
      if (!image) throw new NotFoundError(NOT_FOUND_MESSAGES.image);
      return reply
        .type(SVG_CONTENT_TYPE)
        .header('cache-control', CACHE_CONTROL)
        .send(renderImage(image, app.site.siteName));
    },
  );
};

export default mediaRoutes;
