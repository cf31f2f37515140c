import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, mapSources, packageOf, readManifest, staticClosure } from './build-manifest.js';

// The build's own account of what opening the portal at /#/index loads (Vite's manifest and the
// source maps of its chunks): the frame and the home page, which comes in the app's own chunk, draw
// antd's look from its static sheets (packages/web/src/components/lite/) and load none of its
// script.
const HOME_PAGE = 'src/features/home/components/home-page.tsx';

/** The modules a chunk and what it imports statically are built from, as their source maps name them. */
function closureSources(start: string): string[] {
  const manifest = readManifest();
  expect(manifest[start], `${start} is not in the build's manifest`).toBeDefined();
  const sources: string[] = [];
  for (const key of staticClosure(manifest, start)) {
    const { file } = manifest[key]!;
    const mapped = mapSources(file);
    // Every chunk has its map but the bundler's own few lines of runtime.
    if (!mapped) {
      expect(statSync(join(DIST, file)).size, `${file} has no source map`).toBeLessThan(2048);
      continue;
    }
    sources.push(...mapped);
  }
  return sources;
}

/** The modules the first page's scripts are built from. */
function firstPageSources(): string[] {
  const manifest = readManifest();
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  expect(entry).toBeDefined();
  return closureSources(entry!);
}

/** The packages of node_modules whose modules the scripts are built from. */
function packagesOf(sources: readonly string[]): Set<string> {
  const packages = new Set<string>();
  for (const source of sources) {
    const found = packageOf(source);
    if (found) packages.add(found);
  }
  return packages;
}

/** antd's script: what a page that draws antd's look from its static sheets must not load. */
const ANTD = /^(antd|@ant-design\/(cssinjs|cssinjs-utils|icons|colors|fast-color)|@rc-component\/.*|dayjs)$/;
/** The packages of antd's script and TypeBox (which comes with the API's contract rows) among these. */
const heavy = (packages: Set<string>, also = /^(@sinclair\/typebox|typebox)$/): string[] =>
  [...packages].filter((name) => ANTD.test(name) || also.test(name));

describe('the first page (/#/index)', () => {
  it('is built of React, the router, SWR and the portal’s own code with the home page: no antd, icons runtime or TypeBox', () => {
    const sources = firstPageSources();
    // The home page comes with the app: no chunk of its own, fetched after the app's script.
    expect(sources.some((source) => source.endsWith(HOME_PAGE))).toBe(true);
    const packages = packagesOf(sources);
    // What the check looks at is really there (the maps name packages at all).
    expect(packages).toContain('react-dom');
    expect(packages).toContain('@ant-design/icons-svg');
    expect(heavy(packages)).toEqual([]);
  });
});

// A company's details and 双公示's lists, opened on a phone from a link, draw antd's look from its
// static sheets too: the page, and the 关注 button beside a company's name, load none of antd's
// script (a wide screen's table loads its own: components/record-table-wide.tsx).
describe('the pages drawn without antd’s script', () => {
  it.each([
    'src/features/entity/components/entity-details-page.tsx',
    'src/features/follow/components/follow-button.tsx',
    'src/features/disclosure/components/double-disclosure-tabs.tsx',
  ])('%s and its static imports hold no antd or icons runtime', (module) => {
    const packages = packagesOf(closureSources(module));
    expect(packages).toContain('react');
    // The page calls the API: TypeBox's type builders come with the contract rows (chunks.e2e.ts).
    expect(heavy(packages, /^$/)).toEqual([]);
  });
});
