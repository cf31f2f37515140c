import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** The files the gateway serves compressed: text assets, never source maps. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml)$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    // Not .vite/ (the manifest): it is for tools, not served.
    entries
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => {
        const path = join(dir, entry.name);
        return entry.isDirectory() ? filesUnder(path) : Promise.resolve([path]);
      }),
  );
  return nested.flat();
}

/**
 * Pre-compression: writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to
 * every text asset of the build, public files included, for the gateway to send as they are
 * (`@fastify/static` with `preCompressed`), so no request pays for compression. A variant that
 * is not smaller than the file itself is not written: the file is sent as it is.
 */
export function preCompress(): Plugin {
  return {
    name: 'credit-portal:pre-compress',
    // The browser's files only: the prerender's Node module is never served.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    async writeBundle(options) {
      const outDir = options.dir;
      if (!outDir) throw new Error('pre-compress: the build has no output directory');
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(file);
          const variants: [string, Buffer][] = [
            [
              '.br',
              await brotli(body, {
                params: {
                  [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                  [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                  [zlib.BROTLI_PARAM_SIZE_HINT]: (await stat(file)).size,
                },
              }),
            ],
            ['.gz', await gzipAsync(body, { level: zlib.Z_BEST_COMPRESSION })],
          ];
          await Promise.all(
            variants
              .filter(([, compressed]) => compressed.length < body.length)
              .map(([ext, compressed]) => writeFile(file + ext, compressed)),
          );
        }),
      );
    },
  };
}
