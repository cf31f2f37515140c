import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The SPA's build as its own files tell it: Vite's manifest (which chunk imports which) and the
// source maps of the chunks (which modules each is built from). For the checks of what a page loads.
export const DIST = join(import.meta.dirname, '..', 'packages', 'web', 'dist');

export interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

export type Manifest = Record<string, ManifestChunk>;

export const readManifest = (): Manifest =>
  JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest;

/** A manifest key and every chunk it imports statically, through any others. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** The modules a built file (`assets/….js`, as the manifest names it) is built from, or null without a map. */
export function mapSources(file: string): string[] | null {
  const map = join(DIST, `${file}.map`);
  if (!existsSync(map)) return null;
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

/** The node_modules package a source-map entry belongs to (`@scope/name` or `name`), if any. */
export function packageOf(source: string): string | undefined {
  return /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1];
}
