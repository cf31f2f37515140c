// The chunks of the SPA build, from Vite's manifest (packages/web/dist/.vite/manifest.json): what
// every page loads first (the entry and its static imports) and what each lazily loaded page
// adds on top, with brotli and gzip sizes of the files the build wrote.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compressedSizes } from './first-page.mjs';

export function readManifest(distDir) {
  const file = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: build the SPA (npm run build)`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Files (JS and CSS) a manifest key loads with its static imports. */
function closureOf(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closureOf(manifest, imported, seen);
  return seen;
}

function filesOf(manifest, keys) {
  const files = new Set();
  for (const key of keys) {
    files.add(manifest[key].file);
    for (const css of manifest[key].css ?? []) files.add(css);
  }
  return files;
}

function sizeOf(distDir, files) {
  let br = 0;
  let gz = 0;
  let raw = 0;
  for (const file of files) {
    const sizes = compressedSizes(distDir, file);
    br += sizes.br;
    gz += sizes.gz;
    raw += sizes.raw;
  }
  return { br, gz, raw, files: files.size };
}

/**
 * The entry's static closure (loaded by every page) and, for each lazily loaded module of the
 * app's source, the files it adds to that closure.
 */
export function chunkTable(distDir) {
  const manifest = readManifest(distDir);
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('the manifest has no entry');
  const shell = filesOf(manifest, closureOf(manifest, entryKey));
  const lazy = Object.keys(manifest)
    .filter((key) => manifest[key].isDynamicEntry && key.startsWith('src/'))
    .map((key) => {
      const added = new Set([...filesOf(manifest, closureOf(manifest, key))].filter((file) => !shell.has(file)));
      return { source: key, file: manifest[key].file, ...sizeOf(distDir, added) };
    })
    .sort((a, b) => b.br - a.br);
  return { shell: { source: entryKey, ...sizeOf(distDir, shell) }, lazy };
}
