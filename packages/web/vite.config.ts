import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdScopeFiles } from './build/antd-scope-files.ts';
import { antdStaticStyle } from './build/antd-static-style.ts';
import { preCompress } from './build/pre-compress.ts';

const fromHere = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/** Where `vite dev` forwards API calls: a gateway started with its defaults. */
const GATEWAY_DEV_URL = 'http://127.0.0.1:8080';

/*
 * First path segments of every call the SPA makes (the route heads and GATEWAY_PATHS of
 * packages/shared). Spelled out here because the config runs in Node before any build of the
 * shared package exists.
 */
const PROXIED_PREFIXES = ['/Cms/', '/cms/', '/api/', '/visitstatics/', '/user/', '/wechat/', '/runtime-config'];

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
  plugins: [antdStaticStyle(fromHere('.')), react(), antdScopeFiles(), preCompress()],
  // Relative asset URLs, so the same build works at any mount point of the gateway.
  base: './',
  resolve: {
    // The shared package from its sources, as its "source" export condition has it: the root entry,
    // one file of route heads per resource (`@credit-portal/shared/heads/<resource>`, what pages
    // call by) and one of contracts (`…/contracts/<resource>`). Exact matches, so a subpath never
    // lands under the root entry.
    alias: [
      { find: '@/', replacement: fromHere('./src/') },
      { find: /^@credit-portal\/shared$/, replacement: fromHere('../shared/src/index.ts') },
      {
        find: /^@credit-portal\/shared\/(heads|contracts)\/([a-z0-9-]+)$/,
        replacement: fromHere('../shared/src/$1/$2.ts'),
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
