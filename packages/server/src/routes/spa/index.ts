import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { RuntimeConfig } from '@credit-portal/shared';
import { compressForStore, negotiate, type Variants } from '../../lib/compression.js';

/** Vite puts content-hashed files under assets/: they never change under their name. */
const HASHED_ASSET_DIR = `assets${sep}`;

const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>网站暂不可用</title></head>
<body><h1>网站前端尚未构建</h1><p>网关已启动，接口可正常访问，但未找到前端构建产物。请先构建前端（npm run build），或设置 WEB_DIST_DIR 指向构建目录后重启网关。</p></body></html>`;

/** The SPA build's prerender (packages/web/src/prerender/page.tsx): a Node module beside the files it never serves. */
const PRERENDER_MODULE = join('.prerender', 'page.js');

interface Prerender {
  renderPage(indexHtml: string, runtimeConfig: RuntimeConfig): Promise<string>;
}

interface Page {
  body: Buffer;
  variants: Variants;
  etag: string;
}

/**
 * index.html as the prerender makes it with this deployment's runtime configuration: the
 * configuration in the page and the pre-rendered frames, made once at start. Null when
 * the build has no prerender, or when it fails (logged): the build's own index.html is served then,
 * and the SPA fetches its configuration and renders without a frame, as it can.
 */
async function prerenderedPage(app: FastifyInstance, root: string): Promise<Page | null> {
  const module = join(root, PRERENDER_MODULE);
  if (!existsSync(module)) return null;
  try {
    const started = performance.now();
    const { renderPage } = (await import(pathToFileURL(module).href)) as Prerender;
    const html = await renderPage(await readFile(join(root, 'index.html'), 'utf8'), app.config.runtime);
    const body = Buffer.from(html, 'utf8');
    const page = {
      body,
      variants: compressForStore(body),
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    };
    app.log.info({ bytes: body.length, ms: Math.round(performance.now() - started) }, 'SPA page pre-rendered');
    return page;
  } catch (error) {
    app.log.error({ err: error }, 'pre-rendering the SPA page failed; serving the build’s index.html');
    return null;
  }
}

/** Serves the pre-rendered page at / and /index.html: revalidated every time, compressed as the client takes it. */
function servePage(app: FastifyInstance, page: Page): void {
  for (const url of ['/', '/index.html']) {
    app.get(url, async (request, reply) => {
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', page.etag);
      reply.type('text/html; charset=utf-8');
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
      const coding = negotiate(request.headers['accept-encoding']);
      const compressed = coding ? page.variants[coding] : undefined;
      if (coding && compressed) return reply.header('content-encoding', coding).send(compressed);
      return reply.send(page.body);
    });
  }
}

/**
 * Serves the built SPA from WEB_DIST_DIR: index.html always revalidated, hashed assets cached
 * for a year, pre-compressed .br/.gz files sent to clients that accept them, no source maps
 * unless WEB_SOURCE_MAPS=true. The SPA routes by hash, so '/' (index.html) is the only page, pre-rendered
 * at start when the build can (see prerenderedPage). Without a build the
 * gateway still starts and '/' says so in a 503.
 */
const spaRoutes: FastifyPluginAsync = async (app) => {
  const root = app.config.webDistDir;
  if (!existsSync(join(root, 'index.html'))) {
    app.log.warn({ root }, 'SPA build not found; / answers 503 until it is built');
    app.get('/', async (_request, reply) =>
      reply.code(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(MISSING_BUILD_PAGE),
    );
    return;
  }
  const page = await prerenderedPage(app, root);
  if (page) servePage(app, page);
  await app.register(fastifyStatic, {
    root,
    // Routes for the files that exist at start, so unknown paths fall to the normalized 404.
    wildcard: false,
    // The pre-rendered page, when there is one, instead of the build's index.html.
    ...(page
      ? { index: false, globIgnore: ['index.html', 'index.html.br', 'index.html.gz'] }
      : { index: ['index.html'] }),
    cacheControl: false,
    dotfiles: 'ignore',
    // The build writes foo.js.br and foo.js.gz next to foo.js: sent as they are to clients that take them.
    preCompressed: true,
    // Source maps only when WEB_SOURCE_MAPS=true; otherwise they answer the normalized 404.
    ...(app.config.webSourceMaps ? {} : { allowedPath: (pathName: string) => !pathName.endsWith('.map') }),
    setHeaders: (reply, path) => {
      // A pre-compressed form (index.html.br) is cached as the file it stands for.
      const file = (isAbsolute(path) ? relative(root, path) : path.replace(/^[\\/]+/, '')).replace(/\.(br|gz)$/, '');
      reply.header(
        'cache-control',
        file.endsWith('.html')
          ? 'no-cache'
          : file.startsWith(HASHED_ASSET_DIR)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
      );
    },
  });
};

export default spaRoutes;
