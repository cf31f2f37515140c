import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default defineConfig((env) =>
  mergeConfig(
    viteConfig(env),
    defineConfig({
      test: {
        name: 'web',
        // Components and hooks in jsdom, the API client stubbed at its edge (test/fake-gateway.ts);
        // the product against its real servers is walked in Chromium (e2e/).
        environment: 'jsdom',
        include: ['test/**/*.test.{ts,tsx}'],
        setupFiles: ['./test/setup.ts'],
        // A file's stubbed fetch (test/fake-gateway.ts) must not outlive its test: with one module
        // graph per worker, the next file's vi.spyOn(fetch) would get that stub, with its calls.
        unstubGlobals: true,
        // One module graph and window per worker, not per file: importing antd, React and the pages
        // again for each of 44 files was most of the project's time. test/setup.ts resets the window
        // for each file; modules a test replaces are spied on (vi.spyOn on the module), not vi.mock'ed.
        isolate: false,
        // A test waits up to 10 s for each thing it awaits (test/setup.ts) and a file's pages are
        // loaded in beforeAll (render-app.tsx: preloadPages). 60 s: with two cores shared with other
        // work (load average around 18), the longest page tests — a form checked field by field, a
        // filing with its uploads — took 30 to 32 s, and a test cut off half-way runs on into the next.
        testTimeout: 60_000,
        hookTimeout: 60_000,
      },
    }),
  ),
);
