import { defineConfig } from 'vitest/config';
import { sourceAliases } from '../vitest.shared.js';

// `npm run test:deploy` (scripts/test-deploy.mjs): the image built and docker-compose.yml run in
// containers, one file whose steps follow each other (an operator's day, in order). Not part of
// `npm test`: it needs a container engine and takes minutes.
export default defineConfig({
  resolve: { alias: sourceAliases },
  test: {
    name: 'deploy',
    root: import.meta.dirname,
    include: ['stack.deploy.ts'],
    environment: 'node',
    fileParallelism: false,
    // One file of long steps: each step's result as it ends, not all of them at the end.
    reporters: ['verbose'],
    // Caps on a hang, not timings: building the image alone takes minutes on a cold cache.
    testTimeout: 1_200_000,
    hookTimeout: 600_000,
    expect: { poll: { timeout: 120_000, interval: 1000 } },
  },
});
