// One linter for the whole repository (flat config).
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const WEB = 'packages/web/src';
const CREDIT_SERVICE = 'packages/credit-service/src';
const webFeatures = readdirSync(new URL(`./${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Globals of Node and the browser that the shared package may not touch (it runs on both sides). */
const PLATFORM_GLOBALS = [
  'window',
  'document',
  'navigator',
  'location',
  'localStorage',
  'sessionStorage',
  'fetch',
  'XMLHttpRequest',
  'process',
  'Buffer',
  'require',
  '__dirname',
  '__filename',
  'global',
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', 'coverage/**', 'lint/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Import cycles: none in any package's sources (resolving the web's @/ alias and the workspace packages).
    files: ['packages/*/src/**/*.{ts,tsx}', 'lint/fixtures/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          // Absolute, so the alias resolves whatever the working directory (editors, the lint test).
          project: ['web', 'server', 'credit-service', 'node-common', 'shared'].map((name) =>
            fileURLToPath(new URL(`./packages/${name}/tsconfig.json`, import.meta.url)),
          ),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The gateway's layers (packages/server/README.md, Layout): routes → plugins → visit-log, cache,
    // upstream → lib, config, route table; nothing imports back up, not even a type.
    files: ['packages/server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: 'packages/server/src',
          zones: [
            {
              target: ['./lib', './cache', './upstream', './visit-log', './config.ts', './route-table.ts'],
              from: ['./plugins', './routes', './app.ts', './server.ts'],
              message: 'Below the plugins: put what both sides need here (or in lib/), not in a plugin or route.',
            },
            {
              target: ['./lib', './config.ts', './route-table.ts'],
              from: ['./cache', './upstream', './visit-log'],
              message: 'lib/, config and the route table are the ground floor: they import no gateway concern.',
            },
            {
              target: './plugins',
              from: ['./routes', './app.ts', './server.ts'],
              message: 'Plugins do not import routes or the app; routes use plugins.',
            },
          ],
        },
      ],
    },
  },
  {
    // node-common serves the two services: it imports neither of them (nor the SPA).
    files: ['packages/node-common/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@credit-portal/server', '@credit-portal/credit-service', '@credit-portal/credit-service/*'] },
      ],
    },
  },
  {
    // The shared package has no Node or DOM imports and touches no platform global; Node-only code
    // both services share is @credit-portal/node-common's, which it does not import.
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fs', 'path', 'react', 'react-dom', '@credit-portal/node-common'] },
      ],
      'no-restricted-globals': [
        'error',
        ...PLATFORM_GLOBALS.map((name) => ({ name, message: 'packages/shared runs on both sides: no Node or DOM.' })),
      ],
    },
  },
  {
    // The vocabulary (labels, messages, limits) is what the SPA's pages import without schemas: a
    // value imported from TypeBox or a schema module would build those schemas on every such page.
    files: ['packages/shared/src/vocabulary/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['typebox', 'typebox/*', '../schemas/*', '../contracts/*'],
              allowTypeImports: true,
              message: 'Vocabulary modules are plain data: only `import type` from schemas and contracts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The browser's code takes only what runs in a browser: node-common is the services' own.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@credit-portal/node-common'], message: 'Node-only: the SPA imports @credit-portal/shared.' },
          ],
        },
      ],
      // Imports flow one way: app → features → components/hooks/lib; features never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: WEB,
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./features/${feature}`,
              from: './features',
              except: [`./${feature}`],
              message: 'Features do not import each other: move the shared piece to @/components, @/hooks or @/lib.',
            })),
            {
              target: './features',
              from: './app',
              message: 'Features do not import the app shell; the app composes features.',
            },
            {
              target: ['./components', './hooks', './lib'],
              from: ['./features', './app'],
              message: 'components/, hooks/ and lib/ import no feature and not the app shell.',
            },
          ],
        },
      ],
      // Components never call fetch: every request goes through the API client (or the visit-log sender).
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Use the API client (@/lib/api-client) and an SWR hook in features/<f>/api/.' },
        { name: 'XMLHttpRequest', message: 'Use the API client (@/lib/api-client).' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: 'Use the API client (@/lib/api-client).' },
        { object: 'globalThis', property: 'fetch', message: 'Use the API client (@/lib/api-client).' },
      ],
    },
  },
  {
    // The reference credit-service keeps product and demo apart (STYLE.md): no file of its sources
    // imports demo/ — but app.ts, which registers its one plugin, and demo/ itself. Tests may.
    files: [`${CREDIT_SERVICE}/**/*.ts`],
    ignores: [`${CREDIT_SERVICE}/demo/**`, `${CREDIT_SERVICE}/app.ts`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: CREDIT_SERVICE,
          zones: [
            {
              target: '.',
              from: './demo',
              message:
                'The service never imports the demo wing (demo/): move what it needs to lib/, db/ or media/; app.ts registers demo/plugin.ts only.',
            },
          ],
        },
      ],
    },
  },
  {
    // app.ts opens the demo wing through its plugin only.
    files: [`${CREDIT_SERVICE}/app.ts`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: CREDIT_SERVICE,
          zones: [
            {
              target: './app.ts',
              from: './demo',
              except: ['./plugin.ts'],
              message: 'Register the demo wing through demo/plugin.ts, its one door.',
            },
          ],
        },
      ],
    },
  },
  {
    // The classic scripts the SPA's page loads as they are (public/frame.js).
    files: ['packages/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    // The two places that talk to the network.
    files: [`${WEB}/lib/api-client.ts`, `${WEB}/features/visit-log/send-visit-logs.ts`],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', 'e2e/**/*.ts', 'bench/**/*.{ts,mjs}', '**/*.test.{ts,tsx}', '**/test/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
