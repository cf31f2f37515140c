import { defineConfig } from 'vitest/config';
import { sourceAliases } from '../../vitest.shared.js';

export default defineConfig({
  resolve: { alias: sourceAliases },
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Starts one redis-server for the whole suite (or uses REDIS_URL); each file uses its own key prefix.
    globalSetup: ['test/global-setup.ts'],
    // One module graph per worker, not per file: each file builds its own apps, servers and key
    // prefix, and no file keeps state in a module. Re-importing Fastify and the app for each of
    // the 40 files was 55 s of the project's 101 s (60 s without).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
