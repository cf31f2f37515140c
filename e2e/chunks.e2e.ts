import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The build's chunks, as Vite's manifest lists their static imports. A loop of chunks (A imports B,
// B imports A, through any others) is evaluated from wherever a page enters it: the chunk entered
// last runs first and reads the bindings of the others before they exist. Whether that breaks a
// page depends on which page a tab opened first, so the walks in the browser find it only now and
// then (antd's Result drew `undefined` on some detail pages: packages/web/vite.config.ts, the
// `react` group); the build is checked here instead.
const MANIFEST = join(import.meta.dirname, '..', 'packages', 'web', 'dist', '.vite', 'manifest.json');

type Manifest = Record<string, { file: string; imports?: string[] }>;

/** Every loop of static imports in the manifest, each as the files from one chunk back to itself. */
export function chunkLoops(manifest: Manifest): string[][] {
  const loops: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (key: string): void => {
    const onPath = path.indexOf(key);
    if (onPath >= 0) {
      loops.push([...path.slice(onPath), key].map((step) => manifest[step]?.file ?? step));
      return;
    }
    if (done.has(key)) return;
    path.push(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
    path.pop();
    done.add(key);
  };
  for (const key of Object.keys(manifest)) visit(key);
  return loops;
}

describe('the build’s chunks', () => {
  it('finds a loop where there is one (the check itself)', () => {
    expect(
      chunkLoops({
        entry: { file: 'index.js', imports: ['common'] },
        common: { file: 'common.js', imports: ['icon'] },
        icon: { file: 'icon.js', imports: ['runtime'] },
        runtime: { file: 'runtime.js', imports: ['common'] },
      }),
    ).toEqual([['common.js', 'icon.js', 'runtime.js', 'common.js']]);
    expect(chunkLoops({ a: { file: 'a.js', imports: ['b'] }, b: { file: 'b.js' } })).toEqual([]);
  });

  it('import one another in no loop', () => {
    const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
    // What the check looks at is there: chunks that import others.
    expect(Object.values(manifest).filter((chunk) => (chunk.imports?.length ?? 0) > 0).length).toBeGreaterThan(20);
    expect(chunkLoops(manifest)).toEqual([]);
  });
});
