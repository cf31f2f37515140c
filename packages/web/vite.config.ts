import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, parseAst, type Plugin } from 'vite';
import { antdStaticStyle } from './build/antd-static-style.ts';

const fromHere = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/** Where `vite dev` forwards API calls: a gateway started with its defaults. */
const GATEWAY_DEV_URL = 'http://127.0.0.1:8080';

/*
 * First path segments of every call the SPA makes (API_PATHS and GATEWAY_PATHS of
 * packages/shared). Spelled out here because the config runs in Node before any build of the
 * shared package exists.
 */
const PROXIED_PREFIXES = ['/Cms/', '/cms/', '/api/', '/visitstatics/', '/user/', '/wechat/', '/runtime-config'];

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
function preCompress(): Plugin {
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

/** The source module of antd's configuration, which every page but the plain ones loads (route-kit's page()). */
const ANTD_SCOPE_MODULE = /[\\/]src[\\/]components[\\/]antd-scope\.tsx$/;

/**
 * The script files antd's scope (src/components/antd-scope.tsx) adds to what the entry loads,
 * named in index.html (`<meta name="credit-portal:antd-scope">`): public/frame.js preloads them
 * beside the entry when the address opens a page that needs them, instead of after the entry has
 * run.
 */
function antdScopeFiles(): Plugin {
  return {
    name: 'credit-portal:antd-scope-files',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const scope = chunks.find((output) => output.facadeModuleId && ANTD_SCOPE_MODULE.test(output.facadeModuleId));
        if (!scope) throw new Error('antd-scope-files: no chunk of src/components/antd-scope.tsx');
        const closure = (file: string, seen: Set<string>): Set<string> => {
          if (seen.has(file)) return seen;
          seen.add(file);
          for (const imported of chunks.find((output) => output.fileName === file)?.imports ?? [])
            closure(imported, seen);
          return seen;
        };
        const loaded = closure(entry.fileName, new Set());
        const files = [...closure(scope.fileName, new Set())].filter((file) => !loaded.has(file));
        return {
          html,
          tags: [
            {
              tag: 'meta',
              attrs: { name: 'credit-portal:antd-scope', content: files.map((file) => `./${file}`).join(' ') },
              injectTo: 'head',
            },
          ],
        };
      },
    },
  };
}

const SHARED_SOURCES = /[\\/]packages[\\/]shared[\\/]src[\\/].*\.ts$/;

/**
 * The shared package's TypeBox schemas marked pure where they are built (`Type.Object(…)` →
 * `/* @__PURE__ *\/ Type.Object(…)`). `manualPureFunctions` below does not reach them: the bundler
 * resolves `Type.Object` to TypeBox's own function first, so a schema the SPA never uses (the
 * visit-log batch's, built at the top of its module) kept the whole of TypeBox (≈ 40 kB) in the
 * first page.
 */
function pureSchemas(): Plugin {
  return {
    name: 'credit-portal:pure-schemas',
    enforce: 'pre',
    transform(code, id) {
      if (!SHARED_SOURCES.test(id) || !code.includes('Type.')) return undefined;
      return { code: code.replace(/(?<![\w.$])Type\.(?=[A-Z]\w*\()/g, '/* @__PURE__ */ Type.'), map: null };
    },
  };
}

const CONTRACT_SOURCES = /[\\/]packages[\\/]shared[\\/]src[\\/]contracts[\\/][a-z0-9-]+\.ts$/;
/** The keys of a contract row that hold TypeBox schemas (RouteContract, UpstreamRoute). */
const SCHEMA_KEYS: ReadonlySet<string> = new Set(['query', 'body', 'data', 'multipartFields']);

interface Span {
  start: number;
  end: number;
}
interface AstNode extends Span {
  type: string;
  [key: string]: unknown;
}

/** Calls `visit` with every node of an ESTree tree (as Vite's parseAst gives it), parents first. */
function eachNode(node: unknown, visit: (node: AstNode) => void): void {
  if (Array.isArray(node)) return node.forEach((child) => eachNode(child, visit));
  if (!node || typeof node !== 'object' || typeof (node as AstNode).type !== 'string') return;
  visit(node as AstNode);
  for (const [name, value] of Object.entries(node)) if (name !== 'type') eachNode(value, visit);
}

/**
 * The builds' contract rows without their schemas: the SPA sends a call by its row's path, method
 * and token rule (lib/api-client.ts: call), and takes only the types of its schemas, which the
 * compiler has checked by then. Each `defineRoute({…})` / `defineContract({…})` of
 * packages/shared/src/contracts/ loses its `query`, `body`, `data` and `multipartFields`; the
 * schemas, unused, drop out with TypeBox. Without it every page that calls an endpoint evaluated
 * the schemas of its resource's rows, and TypeBox with them (the `account` chunk, 12.9 KB brotli
 * of 244 TypeBox modules, on almost every antd page: ≈ 100 ms at 4× on 双公示, BENCHMARKS.md).
 * Builds only: the tests keep the rows whole. The gateway and the credit-service are built by tsc
 * and keep them too.
 */
function routeHeadsOnly(): Plugin {
  return {
    name: 'credit-portal:route-heads-only',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACT_SOURCES.test(id) || !/\bdefine(?:Route|Contract)\(/.test(code)) return undefined;
      const cuts: Span[] = [];
      eachNode(parseAst(code), (current) => {
        const callee = current.callee as AstNode | undefined;
        const [row] = (current.arguments as AstNode[] | undefined) ?? [];
        if (
          current.type === 'CallExpression' &&
          callee?.type === 'Identifier' &&
          /^define(?:Route|Contract)$/.test(callee.name as string) &&
          row?.type === 'ObjectExpression'
        ) {
          for (const property of row.properties as AstNode[]) {
            const key = property.key as AstNode | undefined;
            if (property.type === 'Property' && key?.type === 'Identifier' && SCHEMA_KEYS.has(key.name as string)) {
              // The property and the comma after it.
              const comma = /^\s*,/.exec(code.slice(property.end));
              cuts.push({ start: property.start, end: property.end + (comma?.[0].length ?? 0) });
            }
          }
        }
      });
      if (cuts.length === 0) return undefined;
      let stripped = code;
      for (const { start, end } of cuts.sort((a, b) => b.start - a.start)) {
        stripped = stripped.slice(0, start) + stripped.slice(end);
      }
      return { code: stripped, map: null };
    },
  };
}

const SCHEMA_SOURCES = /[\\/]packages[\\/]shared[\\/]src[\\/](?:schemas|contracts)[\\/][a-z0-9-]+\.ts$/;

/**
 * The shared schemas' object spreads as pure calls: `{ ...Paging, Keyword }` →
 * `/* @__PURE__ *\/ Object.assign({}, Paging, { Keyword })`, the same object (a spread property
 * read, `...Schema.properties`, is read inside a pure arrow). The bundler takes a spread for a
 * possible side effect (a getter) and keeps it, and with it the schema spread and TypeBox, even
 * where nothing uses the result; as a pure call it drops out with the schema it builds. Builds
 * only, like routeHeadsOnly.
 */
function pureSpreads(): Plugin {
  return {
    name: 'credit-portal:pure-spreads',
    apply: 'build',
    transform(code, id) {
      if (!SCHEMA_SOURCES.test(id) || !code.includes('...')) return undefined;
      const targets: AstNode[] = [];
      eachNode(parseAst(code), (current) => {
        if (
          current.type === 'ObjectExpression' &&
          (current.properties as AstNode[]).some((property) => property.type === 'SpreadElement')
        ) {
          targets.push(current);
        }
      });
      if (targets.length === 0) return undefined;
      targets.sort((a, b) => a.start - b.start);
      /** The code from start to end with every target in it rewritten (the outermost ones, each rendering its own). */
      const text = (start: number, end: number): string => {
        let out = '';
        let at = start;
        for (const target of targets) {
          if (target.start < at || target.end > end) continue;
          out += code.slice(at, target.start) + render(target);
          at = target.end;
        }
        return out + code.slice(at, end);
      };
      const render = (target: AstNode): string => {
        const parts: string[] = [];
        let group: string[] = [];
        const close = () => {
          if (group.length > 0) parts.push(`{ ${group.join(', ')} }`);
          group = [];
        };
        for (const property of target.properties as AstNode[]) {
          if (property.type === 'SpreadElement') {
            close();
            const argument = property.argument as AstNode;
            const spread = text(argument.start, argument.end);
            // A property read (`...ArticleListItemSchema.properties`) may run a getter for all the
            // bundler knows: read inside a pure call, it goes with the rest.
            parts.push(argument.type === 'MemberExpression' ? `/* @__PURE__ */ (() => ${spread})()` : spread);
          } else group.push(text(property.start, property.end));
        }
        close();
        return `/* @__PURE__ */ Object.assign({}, ${parts.join(', ')})`;
      };
      return { code: text(0, code.length), map: null };
    },
  };
}

/**
 * The prerender (src/prerender/page.tsx): `vite build --ssr` makes it a Node module of its
 * own, with React, antd and the app bundled in (the gateway that calls it depends on none of them),
 * under dist/.prerender/, which the gateway never serves (a dot directory). It renders the same
 * sources with the same plugins, so its class names are the browser build's.
 */
const PRERENDER_BUILD = {
  outDir: 'dist/.prerender',
  emptyOutDir: true,
  sourcemap: false,
  copyPublicDir: false,
  rolldownOptions: { output: { entryFileNames: 'page.js', codeSplitting: false } },
} as const;

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    antdStaticStyle(fromHere('.')),
    pureSchemas(),
    routeHeadsOnly(),
    pureSpreads(),
    react(),
    antdScopeFiles(),
    preCompress(),
  ],
  // Relative asset URLs, so the same build works at any mount point of the gateway.
  base: './',
  resolve: {
    // The shared package from its sources, as its "source" export condition has it: the root entry
    // and one contract file per resource (`@credit-portal/shared/contracts/<resource>`). Exact
    // matches, so a subpath never lands under the root entry.
    alias: [
      { find: '@/', replacement: fromHere('./src/') },
      { find: /^@credit-portal\/shared$/, replacement: fromHere('../shared/src/index.ts') },
      {
        find: /^@credit-portal\/shared\/contracts\/([a-z0-9-]+)$/,
        replacement: fromHere('../shared/src/contracts/$1.ts'),
      },
      // react-router's package exports its development build under every condition (its warnings
      // on); its production build, the same code with them off, only by path. The builds take that
      // one; the tests and `vite dev` keep the warnings.
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: fromHere('./node_modules/react-router/dist/production/index.mjs') }]
        : []),
    ],
  },
  // The prerender only (never the tests, which must keep Node's own modules external): every
  // dependency bundled in, and React's production build, as in the browser (the bundled libraries
  // otherwise choose at run time from the gateway's NODE_ENV).
  ...(isSsrBuild
    ? {
        ssr: { noExternal: true, target: 'node' as const },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      }
    : {}),
  build: isSsrBuild
    ? PRERENDER_BUILD
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // dist/.vite/manifest.json: which chunks and styles each page loads (bench/web lists them).
        manifest: true,
        // Source maps are built for debugging but not referenced from the files: the gateway does not
        // serve them, so no sourceMappingURL comment points at a file the browser cannot load.
        sourcemap: 'hidden',
        // The gateway's CSP (script-src 'self') forbids inline scripts: never inline assets as data: JS.
        assetsInlineLimit: 0,
        // No vendor chunk is large any more: antd is split by the pages that use it, React is ~320 kB, the shell ~480 kB.
        chunkSizeWarningLimit: 500,
        rolldownOptions: {
          treeshake: {
            // The shared package builds its TypeBox schemas with top-level calls (`Type.*(…)` and
            // helpers of its own: the envelopes, pages and page sizes). Declared pure, the schemas a
            // chunk does not use drop out of it.
            manualPureFunctions: [
              'Type',
              'NormalizedEnvelope',
              'ErrorCodeEnvelope',
              'MsgEnvelope',
              'SuccessEnvelope',
              'PageSchema',
              'pageOf',
              'pageSizeField',
            ],
            // TypeBox and @rc-component/form declare no `sideEffects`, so every module of theirs that
            // is imported at all is kept whole: TypeBox through the shared package, rc-form (with its
            // validator) through antd's ConfigProvider on every page. Both are plain libraries; taken
            // as side-effect free, only what a chunk uses stays. Anything else: as its package says.
            moduleSideEffects: (id) =>
              /[\\/]node_modules[\\/](?:typebox|@rc-component[\\/]form)[\\/]/.test(id) ? false : undefined,
          },
          output: {
            // Libraries change less often than the app: separate chunks stay cached across releases.
            codeSplitting: {
              groups: [
                // React, the router, SWR — and clsx (≈ 0.5 kB), which antd and @ant-design/icons'
                // runtime both import. In antd-common it closed a loop of chunks (antd-common → an
                // icon → the icons' runtime → antd-common): a page whose chunk entered the loop at the
                // icon had antd-common run before the icon's binding existed, antd's Result drew
                // `undefined` and the page fell to its error boundary (React #130) — now and then, as
                // the order of a tab's pages decided. e2e/chunks.e2e.ts checks that no chunk loops.
                {
                  name: 'react',
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|swr|clsx)[\\/]/,
                  priority: 20,
                },
                // Everything the entry imports statically (the providers, the frames, the parts of antd
                // they use) is loaded by every page anyway: one chunk rather than thirty small ones.
                { name: 'shell', tags: ['$initial'], priority: 10 },
                // antd's common ground — its configuration, theme, locale, utilities and the components
                // most pages draw — which left the entry with the frame's antd look-alikes: one chunk
                // (with antd's scope, preloaded by frame.js) rather than some seventy small ones a
                // page opened directly fetched after the entry (a slower largest paint on a phone).
                {
                  name: 'antd-common',
                  test: /node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(?:antd|@ant-design[\\/](?!icons)[^\\/]+|@rc-component[\\/][^\\/]+|@babel[\\/]runtime)[\\/]/,
                  minShareCount: 20,
                  priority: 5,
                  // Only what the test captures: with antd's dependencies it would also take the icon
                  // drawings the home page's frame shares with antd's icons.
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
  server: {
    host: '127.0.0.1',
    proxy: Object.fromEntries(PROXIED_PREFIXES.map((prefix) => [prefix, { target: GATEWAY_DEV_URL }])),
  },
  preview: { host: '127.0.0.1' },
}));
