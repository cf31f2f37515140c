import { defineConfig } from 'vitest/config';

// One project per package, the deployment files (deploy/), the repository's lint rules and the
// real-browser suite; each folder has its own vitest.config.ts.
export default defineConfig({
  test: {
    // Two test files at a time (Vitest's default on two cores is one): most of a file's time is
    // waiting on its servers, its pages or its database, not computing. The browser suite runs
    // after the others, also two files at a time.
    maxWorkers: 2,
    projects: [
      'packages/shared',
      'packages/node-common',
      'packages/credit-service',
      'packages/server',
      'packages/web',
      'deploy',
      'lint',
      'e2e',
    ],
  },
});
