import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Pure functions: one module graph per worker is enough.
  test: { name: 'shared', include: ['test/**/*.test.ts'], environment: 'node', isolate: false },
});
