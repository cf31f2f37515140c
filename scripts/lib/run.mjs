// Small process helpers shared by the root scripts (start, test, e2e set-up).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'node_modules', '.bin');

/** Runs a binary of node_modules/.bin (or any command) to completion with inherited output; returns its exit status. */
export function run(command, args, options = {}) {
  // A package's own node_modules/.bin first (pnpm does not hoist its binaries), then the root's.
  const candidates = [join(options.cwd ?? ROOT, 'node_modules', '.bin', command), join(BIN, command)];
  const executable = candidates.find((candidate) => existsSync(candidate)) ?? command;
  const result = spawnSync(executable, args, {
    cwd: ROOT,
    stdio: 'inherit',
    shell: process.platform === 'win32',
    ...options,
  });
  if (result.error) console.error(`无法运行 ${command}: ${result.error.message}`);
  return result.status ?? 1;
}

/** Newest modification time under a directory (files only), skipping node_modules and dist. */
export function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}
