import { fileURLToPath } from 'node:url';

/** Workspace packages resolve to their TypeScript sources in tests, so no build is needed first. */
export const sourceAliases = {
  '@credit-portal/shared': fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url)),
  '@credit-portal/credit-service/seed': fileURLToPath(
    new URL('./packages/credit-service/src/seed/index.ts', import.meta.url),
  ),
  '@credit-portal/credit-service': fileURLToPath(new URL('./packages/credit-service/src/app.ts', import.meta.url)),
};
