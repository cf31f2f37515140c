// Small process helpers shared by the root scripts (start, test, e2e set-up).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'node_modules', '.bin');

/** A binary of node_modules/.bin: a package's own first (pnpm does not hoist its binaries), then the root's. */
function executableOf(command, cwd) {
  const candidates = [join(cwd ?? ROOT, 'node_modules', '.bin', command), join(BIN, command)];
  return candidates.find((candidate) => existsSync(candidate)) ?? command;
}

/** Runs a binary of node_modules/.bin (or any command) to completion with inherited output; returns its exit status. */
export function run(command, args, options = {}) {
  const executable = executableOf(command, options.cwd);
  const result = spawnSync(executable, args, {
    cwd: ROOT,
    stdio: 'inherit',
    shell: process.platform === 'win32',
    ...options,
  });
  if (result.error) console.error(`无法运行 ${command}: ${result.error.message}`);
  return result.status ?? 1;
}

/** Like `run`, without blocking: resolves with the exit status (output inherited). */
export function runInherited(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(executableOf(command, options.cwd), args, {
      cwd: ROOT,
      stdio: 'inherit',
      shell: process.platform === 'win32',
      ...options,
    });
    child.once('error', (error) => {
      console.error(`无法运行 ${command}: ${error.message}`);
      resolve(1);
    });
    child.once('close', (code) => resolve(code ?? 1));
  });
}

/**
 * Runs a command like `run`, but without blocking: its output (stdout and stderr, interleaved)
 * is kept and handed back with the exit status, so that commands running side by side do not
 * mix their lines.
 */
export function runCaptured(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(executableOf(command, options.cwd), args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
      ...options,
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.once('error', (error) => resolve({ status: 1, output: `${output}无法运行 ${command}: ${error.message}\n` }));
    child.once('close', (code) => resolve({ status: code ?? 1, output }));
  });
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
