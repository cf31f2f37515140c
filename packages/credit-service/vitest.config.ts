import { defineConfig } from 'vitest/config';
import { sourceAliases } from '../../vitest.shared.js';

export default defineConfig({
  resolve: { alias: sourceAliases },
  test: {
    name: 'credit-service',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Seeded template databases, made once per run and copied by test/helper.ts.
    globalSetup: ['./test/global-setup.ts'],
    // One module graph per worker, not per file: each file builds its own app on its own copy of
    // a template database, and no file keeps state in a module (83 s for the project with a
    // fresh import per file, 47 s without).
    isolate: false,
    // Tests that seed a whole database take a few seconds on two busy cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
