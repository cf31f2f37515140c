import { describe, expect, it } from 'vitest';
import { mapSources, packageOf, readManifest, staticClosure, type Manifest } from './build-manifest.js';

// The build's chunks, as Vite's manifest lists their static imports. A loop of chunks (A imports B,
// B imports A, through any others) is evaluated from wherever a page enters it: the chunk entered
// last runs first and reads the bindings of the others before they exist. Whether that breaks a
// page depends on which page a tab opened first, so the walks in the browser find it only now and
// then (antd's Result drew `undefined` on some detail pages: packages/web/vite.config.ts, the
// `react` group); the build is checked here instead.
/** How many of TypeBox's modules a chunk is built from, as its source map names them. */
const typeboxModules = (file: string): number =>
  file.endsWith('.js') ? (mapSources(file) ?? []).filter((source) => packageOf(source) === 'typebox').length : 0;

/** The pages that read a shared schema themselves (the build's manifest keys). */
const SCHEMA_PAGES = [
  'src/features/services/components/repair-report-page.tsx',
  'src/features/services/components/objection-report-page.tsx',
  'src/features/h5/components/h5-home-page.tsx',
];
/** TypeBox's modules those pages may load: the builders their schemas use (15–18 when measured; the repair filing's promise adds a literal). */
const SCHEMA_PAGE_TYPEBOX_MAX = 18;

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
    const manifest = readManifest();
    // What the check looks at is there: chunks that import others.
    expect(Object.values(manifest).filter((chunk) => (chunk.imports?.length ?? 0) > 0).length).toBeGreaterThan(20);
    expect(chunkLoops(manifest)).toEqual([]);
  });

  it('build no schema on a page: the contract rows come without theirs, and TypeBox with them', () => {
    // The SPA sends a call by its route head (path, method, token rule: packages/shared/src/heads/,
    // plain data) and takes its row's types by `import type` only; the labels, messages and limits
    // pages show are in packages/shared/src/vocabulary/, which imports no schema. When pages called
    // the rows themselves, 56 of the 65 pages loaded 244 of TypeBox's modules and built their
    // resources' schemas as they started; when labels lived beside their schemas, 25 pages loaded
    // 14–17. Only the pages that read a schema themselves load it, with a handful of TypeBox's
    // builders: the filing forms (their fields' limits, RepairFilingFieldsSchema) and the H5
    // app's entity list (H5EntityRecordSchema's fields).
    const manifest = readManifest();
    const pages = Object.keys(manifest).filter((key) => key.endsWith('-page.tsx'));
    expect(pages.length).toBeGreaterThan(50);
    for (const page of SCHEMA_PAGES) expect(pages, page).toContain(page);
    const counts = new Map(Object.keys(manifest).map((key) => [key, typeboxModules(manifest[key]!.file)]));
    for (const page of pages) {
      const loaded = [...staticClosure(manifest, page)].reduce((sum, key) => sum + (counts.get(key) ?? 0), 0);
      if (SCHEMA_PAGES.includes(page)) {
        // What the check counts is there, on the pages that read a schema.
        expect(loaded, page).toBeGreaterThan(0);
        expect(loaded, page).toBeLessThanOrEqual(SCHEMA_PAGE_TYPEBOX_MAX);
      } else {
        expect(loaded, page).toBe(0);
      }
    }
  });
});
