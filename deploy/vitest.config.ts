import { defineConfig } from 'vitest/config';
import { sourceAliases } from '../vitest.shared.js';

// The deployment files: the monitoring rules and dashboard, checked with promtool and against the
// series the services export, and the compose proxy for podman. The deployment test itself
// (e2e/stack.deploy.ts, npm run test:deploy) needs containers and runs apart.
export default defineConfig({
  resolve: { alias: sourceAliases },
  test: {
    name: 'deploy',
    include: ['monitoring/**/*.test.ts', '*.test.ts'],
    environment: 'node',
    // The gateway is built with Redis, as compose runs it: the gateway suite's Redis (a
    // redis-server of its own, or REDIS_URL), under a key prefix of this project's.
    globalSetup: ['../packages/server/test/global-setup.ts'],
    // Building the credit-service seeds a small database; promtool runs take a second or two each.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
