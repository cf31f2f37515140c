import { defineConfig } from 'vitest/config';
import { sourceAliases } from '../../vitest.shared.js';

export default defineConfig({
  resolve: { alias: sourceAliases },
  test: {
    name: 'credit-service',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Seeded template databases, made once per run and copied by test/helper.ts.
    globalSetup: ['./test/global-setup.ts'],
    // Tests that seed a whole database take a few seconds on two busy cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
