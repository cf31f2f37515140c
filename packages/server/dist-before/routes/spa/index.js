import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
/** Vite puts content-hashed files under assets/: they never change under their name. */
const HASHED_ASSET_DIR = `assets${sep}`;
const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>网站暂不可用</title></head>
<body><h1>网站前端尚未构建</h1><p>网关已启动，接口可正常访问，但未找到前端构建产物。请先构建前端（npm run build），或设置 WEB_DIST_DIR 指向构建目录后重启网关。</p></body></html>`;
/**
 * Serves the built SPA from WEB_DIST_DIR: index.html always revalidated, hashed assets cached
 * for a year, pre-compressed .br/.gz files sent to clients that accept them, no source maps
 * unless WEB_SOURCE_MAPS=true. The SPA routes by hash, so '/' (index.html) is the only page. Without a build the
 * gateway still starts and '/' says so in a 503.
 */
const spaRoutes = async (app) => {
    const root = app.config.webDistDir;
    if (!existsSync(join(root, 'index.html'))) {
        app.log.warn({ root }, 'SPA build not found; / answers 503 until it is built');
        app.get('/', async (_request, reply) => reply.code(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(MISSING_BUILD_PAGE));
        return;
    }
    await app.register(fastifyStatic, {
        root,
        // Routes for the files that exist at start, so unknown paths fall to the normalized 404.
        wildcard: false,
        index: ['index.html'],
        cacheControl: false,
        dotfiles: 'ignore',
        // The build writes foo.js.br and foo.js.gz next to foo.js: sent as they are to clients that take them.
        preCompressed: true,
        // Source maps only when WEB_SOURCE_MAPS=true; otherwise they answer the normalized 404.
        ...(app.config.webSourceMaps ? {} : { allowedPath: (pathName) => !pathName.endsWith('.map') }),
        setHeaders: (reply, path) => {
            // A pre-compressed form (index.html.br) is cached as the file it stands for.
            const file = (isAbsolute(path) ? relative(root, path) : path.replace(/^[\\/]+/, '')).replace(/\.(br|gz)$/, '');
            reply.header('cache-control', file.endsWith('.html')
                ? 'no-cache'
                : file.startsWith(HASHED_ASSET_DIR)
                    ? 'public, max-age=31536000, immutable'
                    : 'public, max-age=3600');
        },
    });
};
export default spaRoutes;
//# sourceMappingURL=index.js.map