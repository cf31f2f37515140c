import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const VERIFY_MD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/VERIFY.md');

/** Where docs/VERIFY.md's part on the open-data files starts (the reports' part is before it). */
const OPEN_DATA_PART = '\n# Verifying the open-data files';

/** The documented commands of one part of docs/VERIFY.md (the reports', the open-data files'): its ```sh blocks, in order. */
export function documentedScript(part: 'report' | 'open-data' = 'report'): string {
  const [reports, openData] = fs.readFileSync(VERIFY_MD, 'utf8').split(OPEN_DATA_PART) as [string, string];
  const text = part === 'report' ? reports : openData;
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]).join('\n');
}

/**
 * Runs a documented script in `dir` with the given environment; the whole output and the exit
 * status. Not spawnSync: curl asks the calling process's own server for the key.
 */
function runScript(
  script: string,
  dir: string,
  env: Record<string, string>,
): Promise<{ status: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', script], { cwd: dir, env: { PATH: process.env.PATH, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status: status ?? -1, output }));
  });
}

/**
 * Runs docs/VERIFY.md's commands for the open-data files in `dir` (the files already there are
 * not downloaded again) against the portal at `portal`; the whole output and the exit status.
 */
export function verifyOpenDataOffline(
  dir: string,
  portal: string,
  day: string,
): Promise<{ status: number; output: string }> {
  fs.mkdirSync(dir, { recursive: true });
  return runScript(documentedScript('open-data'), dir, { PORTAL: portal, DAY: day });
}

/**
 * Runs docs/VERIFY.md's commands on a report in `dir` (made if missing) against the portal at
 * `portal` (the listening service, no trailing slash); the whole output and the exit status.
 */
export function verifyOffline(file: Buffer, dir: string, portal: string): Promise<{ status: number; output: string }> {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'report.pdf'), file);
  return runScript(documentedScript(), dir, { PORTAL: portal, REPORT: 'report.pdf' });
}
