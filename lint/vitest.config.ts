import { defineConfig } from 'vitest/config';

// The repository's own rules: proves the lint rules that keep the code's shape are active.
export default defineConfig({
  test: { name: 'lint', include: ['**/*.test.ts'], environment: 'node', testTimeout: 60_000 },
});
