import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The import boundaries (each package and feature imports only downward) are enforced by lint
// (eslint.config.js), not by memory: each rule is shown here to reject what it should, and to let
// the allowed shape through.

const ROOT = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT, ignore: false });
});

/** The rule ids reported for `code` as if it stood at `file` (a path from the repository root). */
async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}/${file}` });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('import boundaries', () => {
  it('refuses a feature importing another feature by the @/ alias', async () => {
    const ids = await ruleIds(
      'packages/web/src/features/content/components/probe.tsx',
      "import HomePage from '@/features/home/components/home-page';\n\nexport const probe = HomePage;\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('refuses a feature importing another feature by a relative path', async () => {
    const ids = await ruleIds(
      'packages/web/src/features/content/components/probe.tsx',
      "import HomePage from '../../home/components/home-page';\n\nexport const probe = HomePage;\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('refuses a feature importing the app shell, and components importing a feature', async () => {
    const fromFeature = await ruleIds(
      'packages/web/src/features/content/components/probe.tsx',
      "import { createAppRouter } from '@/app/router';\n\nexport const probe = createAppRouter;\n",
    );
    expect(fromFeature).toContain('import-x/no-restricted-paths');
    const fromComponent = await ruleIds(
      'packages/web/src/components/probe.tsx',
      "import HomePage from '@/features/home/components/home-page';\n\nexport const probe = HomePage;\n",
    );
    expect(fromComponent).toContain('import-x/no-restricted-paths');
  });

  it('lets a feature use its own files and the shared layers', async () => {
    const ids = await ruleIds(
      'packages/web/src/features/content/components/probe.tsx',
      "import { request } from '@/lib/api-client';\n\nexport const probe = request;\n",
    );
    expect(ids).toEqual([]);
  });

  it('refuses fetch outside the API client and the visit-log sender', async () => {
    const code = "export const probe = (): Promise<Response> => fetch('/x');\n";
    expect(await ruleIds('packages/web/src/features/content/api/probe.ts', code)).toContain('no-restricted-globals');
    expect(await ruleIds('packages/web/src/lib/api-client.ts', code)).not.toContain('no-restricted-globals');
  });

  it('refuses a gateway module below the plugins importing a plugin, even a type', async () => {
    const ids = await ruleIds(
      'packages/server/src/cache/probe.ts',
      "import type { GatewayMetrics } from '../plugins/metrics.js';\n\nexport type Probe = GatewayMetrics;\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
    const fromLib = await ruleIds(
      'packages/server/src/lib/probe.ts',
      "import type { CacheStatus } from '../cache/response-cache.js';\n\nexport type Probe = CacheStatus;\n",
    );
    expect(fromLib).toContain('import-x/no-restricted-paths');
  });

  it('lets a gateway route use plugins, the cache and lib', async () => {
    const ids = await ruleIds(
      'packages/server/src/routes/probe/index.ts',
      [
        "import type { CacheStatus } from '../../cache/response-cache.js';",
        "import { GatewayError } from '../../lib/errors.js';",
        "import metrics from '../../plugins/metrics.js';",
        '',
        'export const probe = (status: CacheStatus) => [new GatewayError(500, status), metrics];',
        '',
      ].join('\n'),
    );
    expect(ids).toEqual([]);
  });

  it('keeps Node and the DOM out of the shared package', async () => {
    expect(
      await ruleIds(
        'packages/shared/src/probe.ts',
        "import { readFileSync } from 'node:fs';\n\nexport const p = readFileSync;\n",
      ),
    ).toContain('no-restricted-imports');
    expect(
      await ruleIds('packages/shared/src/probe.ts', 'export const p = (): string => window.location.href;\n'),
    ).toContain('no-restricted-globals');
  });

  it('keeps node-common out of the shared package and the SPA, and the services out of node-common', async () => {
    const code = "import { EnvReader } from '@credit-portal/node-common';\n\nexport const probe = EnvReader;\n";
    expect(await ruleIds('packages/shared/src/probe.ts', code)).toContain('no-restricted-imports');
    expect(await ruleIds('packages/web/src/lib/probe.ts', code)).toContain('no-restricted-imports');
    expect(await ruleIds('packages/server/src/lib/probe.ts', code)).toEqual([]);
    expect(
      await ruleIds(
        'packages/node-common/src/probe.ts',
        "import { buildApp } from '@credit-portal/credit-service';\n\nexport const probe = buildApp;\n",
      ),
    ).toContain('no-restricted-imports');
  });

  it('keeps the credit-service product out of its demo wing (demo/), but for app.ts through the plugin', async () => {
    const code = (from: string) => `import { ensureSeed } from '${from}';\n\nexport const probe = ensureSeed;\n`;
    expect(await ruleIds('packages/credit-service/src/repositories/probe.ts', code('../demo/seed/index.js'))).toContain(
      'import-x/no-restricted-paths',
    );
    expect(
      await ruleIds('packages/credit-service/src/routes/account/probe.ts', code('../../demo/seed/account.js')),
    ).toContain('import-x/no-restricted-paths');
    expect(await ruleIds('packages/credit-service/src/plugins/db.ts', code('../demo/seed/index.js'))).toContain(
      'import-x/no-restricted-paths',
    );
    // app.ts registers the wing's one plugin, demo/ uses itself, and tests may use the demo identities.
    expect(await ruleIds('packages/credit-service/src/app.ts', code('./demo/plugin.js'))).toEqual([]);
    expect(await ruleIds('packages/credit-service/src/demo/probe.ts', code('./seed/index.js'))).toEqual([]);
    expect(await ruleIds('packages/credit-service/test/probe.test.ts', code('../src/demo/seed/index.js'))).toEqual([]);
    // …through the plugin only.
    expect(await ruleIds('packages/credit-service/src/app.ts', code('./demo/seed/index.js'))).toContain(
      'import-x/no-restricted-paths',
    );
  });
});

describe('import cycles', () => {
  it('reports a cycle between two modules', async () => {
    const [result] = await eslint.lintFiles([`${ROOT}/lint/fixtures/cycle/a.ts`]);
    expect(result!.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });
});
