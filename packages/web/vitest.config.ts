import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const fromHere = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default mergeConfig(
  viteConfig,
  defineConfig({
    resolve: {
      alias: {
        // The integration test starts the real upstream and gateway in-process, from their sources
        // (the demo identities from the credit-service's seed entry; before its main entry).
        '@credit-portal/credit-service/seed': fromHere('../credit-service/src/seed/index.ts'),
        '@credit-portal/credit-service': fromHere('../credit-service/src/app.ts'),
        '@credit-portal/server': fromHere('../server/src/app.ts'),
      },
    },
    test: {
      name: 'web',
      // jsdom, with modules transformed as server code: the integration test runs the gateway
      // and the credit-service in-process (see test/jsdom-server-environment.ts).
      environment: './test/jsdom-server-environment.ts',
      include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
      setupFiles: ['./test/setup.ts'],
      // The integration tests drive whole pages against a real gateway and credit-service in jsdom;
      // two files run side by side (../../vitest.config.ts: maxWorkers), and a file's first page
      // waits for its modules to be transformed.
      testTimeout: 120_000,
      hookTimeout: 120_000,
    },
  }),
);
