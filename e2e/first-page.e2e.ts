import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, mapSources, packageOf, readManifest, staticClosure } from './build-manifest.js';

// The build's own account of what opening the portal at /#/index loads (Vite's manifest and the
// source maps of its chunks): the frame and the home page, which comes in the app's own chunk, draw
// antd's look from its static sheets (packages/web/src/components/lite/) and load none of its
// script (issue 27).
const HOME_PAGE = 'src/features/home/components/home-page.tsx';

/** The modules the first page's scripts are built from, as their source maps name them. */
function firstPageSources(): string[] {
  const manifest = readManifest();
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  expect(entry).toBeDefined();
  const sources: string[] = [];
  for (const key of staticClosure(manifest, entry!)) {
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

/** The packages of node_modules whose modules the first page's scripts are built from. */
function firstPagePackages(sources: readonly string[]): Set<string> {
  const packages = new Set<string>();
  for (const source of sources) {
    const found = packageOf(source);
    if (found) packages.add(found);
  }
  return packages;
}

describe('the first page (/#/index)', () => {
  it('is built of React, the router, SWR and the portal’s own code with the home page: no antd, icons runtime or TypeBox', () => {
    const sources = firstPageSources();
    // The home page comes with the app: no chunk of its own, fetched after the app's script.
    expect(sources.some((source) => source.endsWith(HOME_PAGE))).toBe(true);
    const packages = firstPagePackages(sources);
    // What the check looks at is really there (the maps name packages at all).
    expect(packages).toContain('react-dom');
    expect(packages).toContain('@ant-design/icons-svg');
    const heavy = [...packages].filter((name) =>
      /^(antd|@ant-design\/(cssinjs|cssinjs-utils|icons|colors|fast-color)|@rc-component\/.*|@sinclair\/typebox|typebox|dayjs)$/.test(
        name,
      ),
    );
    expect(heavy).toEqual([]);
  });
});
