import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The import boundaries of STYLE.md are enforced by lint (eslint.config.js), not by memory: each
// rule is shown here to reject what it should, and to let the allowed shape through.

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
});

describe('import cycles', () => {
  it('reports a cycle between two modules', async () => {
    const [result] = await eslint.lintFiles([`${ROOT}/lint/fixtures/cycle/a.ts`]);
    expect(result!.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });
});
