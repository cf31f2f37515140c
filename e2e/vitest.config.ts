import { defineConfig } from 'vitest/config';
import { sourceAliases } from '../vitest.shared.js';

// The real-browser suite: the product built and started as `npm start` starts it (free ports,
// a temporary DATA_DIR), driven by playwright-core in Debian's Chromium.
export default defineConfig({
  resolve: { alias: sourceAliases },
  test: {
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    // Caps on a hang, not timings: a walk takes several times longer with the machine loaded
    // (a second suite beside this one), and must still pass. A page waits e2e/browser.ts:
    // PAGE_TIMEOUT (60 s) for any one thing.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // expect.poll's own default is one second: too short for a page on a busy machine.
    expect: { poll: { timeout: 30_000 } },
    // Two files (two browsers) at a time against the one product, like the other projects: a
    // browser file mostly waits on pages (measured: 169 s instead of 214 s for the suite). Inside a
    // file, tests marked concurrent run at most three at once (on the pages of their pools).
    fileParallelism: true,
    // One module graph per worker, as in the service projects: each file launches its own browser
    // and keeps its state in its own module; playwright-core and the shared package are imported
    // once per worker (the import phase of five files: 37–51 s with a fresh graph per file, 17 s).
    isolate: false,
    maxConcurrency: 3,
    // One more attempt for a browser test that fails, as Playwright advises for CI: on two cores
    // shared by two Chromiums, the product and the other suites, a click in a dialog or a popup
    // list is now and then lost while it is still opening. A test that passes only on its second
    // attempt is marked "(retry x1)" in the log; one that fails twice fails.
    retry: 1,
  },
});
