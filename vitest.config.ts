import { defineConfig } from 'vitest/config';

// One project per package, the repository's lint rules and the real-browser suite; each folder has its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/credit-service', 'packages/server', 'packages/web', 'lint', 'e2e'],
  },
});
