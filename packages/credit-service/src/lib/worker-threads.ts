import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** `.js` built, `.ts` when the service runs from its sources (vitest). */
const OWN_EXTENSION = path.extname(fileURLToPath(import.meta.url));

/**
 * The path of a worker module, built or source like the service: `url` is relative to the
 * caller's module (`import.meta.url`), without its extension.
 */
export const workerModule = (relative: string, base: string): string =>
  fileURLToPath(new URL(`${relative}${OWN_EXTENSION}`, base));

/**
 * How a worker thread starts. Built, as the process does (Node's default). From the sources (the
 * tests), Node cannot load a `.ts` module on its own: tsx (a devDependency) compiles it, and the
 * workspace packages resolve to their sources by their "source" export condition, as vitest has them.
 */
export function workerExecArgv(): string[] | undefined {
  if (OWN_EXTENSION !== '.ts') return undefined;
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return ['--import', tsx, '--conditions=source'];
}
