import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const VERIFY_MD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/VERIFY.md');

/** The documented commands: every ```sh block of docs/VERIFY.md, in order. */
export const documentedScript = (): string =>
  [...fs.readFileSync(VERIFY_MD, 'utf8').matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]).join('\n');

/**
 * Runs docs/VERIFY.md's commands on a report in `dir` (made if missing) against the portal at
 * `portal` (the listening service, no trailing slash); the whole output and the exit status. Not
 * spawnSync: curl asks the calling process's own server for the key.
 */
export function verifyOffline(file: Buffer, dir: string, portal: string): Promise<{ status: number; output: string }> {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'report.pdf'), file);
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', documentedScript()], {
      cwd: dir,
      env: { PATH: process.env.PATH, PORTAL: portal, REPORT: 'report.pdf' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status: status ?? -1, output }));
  });
}
