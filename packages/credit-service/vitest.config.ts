import { defineConfig } from 'vitest/config';
import { sourceAliases } from '../../vitest.shared.js';

export default defineConfig({
  resolve: { alias: sourceAliases },
  test: {
    name: 'credit-service',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Tests that seed a whole database take a few seconds on two busy cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
