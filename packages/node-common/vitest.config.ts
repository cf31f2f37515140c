import { defineConfig } from 'vitest/config';
import { sourceAliases } from '../../vitest.shared.js';

export default defineConfig({
  resolve: { alias: sourceAliases },
  // Functions and files on a temporary directory: one module graph per worker is enough.
  test: { name: 'node-common', include: ['test/**/*.test.ts'], environment: 'node', isolate: false },
});
