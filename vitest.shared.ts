import { fileURLToPath } from 'node:url';

const fromHere = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * Workspace packages resolve to their TypeScript sources in tests, so no build is needed first.
 * The shared package as its "source" export condition has it: the root entry and one contract file
 * per resource (`@credit-portal/shared/contracts/<resource>`), matched exactly so that a subpath
 * never lands under the root entry; node-common's one entry likewise. The first matching entry wins: the seed before the service.
 */
export const sourceAliases = [
  { find: /^@credit-portal\/shared$/, replacement: fromHere('./packages/shared/src/index.ts') },
  {
    find: /^@credit-portal\/shared\/contracts\/([a-z0-9-]+)$/,
    replacement: fromHere('./packages/shared/src/contracts/$1.ts'),
  },
  { find: /^@credit-portal\/node-common$/, replacement: fromHere('./packages/node-common/src/index.ts') },
  {
    find: /^@credit-portal\/credit-service\/seed$/,
    replacement: fromHere('./packages/credit-service/src/demo/seed/index.ts'),
  },
  { find: /^@credit-portal\/credit-service$/, replacement: fromHere('./packages/credit-service/src/app.ts') },
];
