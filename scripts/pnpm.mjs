#!/usr/bin/env node
// Runs the repository's pinned pnpm through npx, so a machine with only Node.js and npm needs
// nothing else (corepack's signature check fails against some registries). Usage: node scripts/pnpm.mjs <args>
import { spawnSync } from 'node:child_process';

export const PNPM_VERSION = '10.34.8';

/** Runs pnpm with the given arguments; returns its exit status. */
export function pnpm(args, options = {}) {
  const result = spawnSync('npx', ['--yes', `pnpm@${PNPM_VERSION}`, ...args], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
    ...options,
  });
  return result.status ?? 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(pnpm(process.argv.slice(2)));
}
