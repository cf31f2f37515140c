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
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser at a time: the machine has two cores and the product runs beside it; inside a
    // file, tests marked concurrent open at most three pages at once.
    fileParallelism: false,
    maxConcurrency: 3,
  },
});
