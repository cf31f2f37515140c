#!/usr/bin/env node
// `npm run bench [-- --only gateway|visitlog|withdrawal|search|web]`: starts what it measures on free ports
// (credit-service and gateway from packages/*/dist, nginx, a bare Node peer), measures with
// autocannon in its own process, prints a table and writes bench/results/latest.json. Fails
// (exit 1) when something cannot be measured rather than printing zeros.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { runGateway } from './gateway.mjs';
import { BenchError, ROOT, fail, stopAll } from './lib.mjs';
import { checkBuilt, cleanupTemps, startCreditService } from './services.mjs';
import { runVisitLog } from './visitlog.mjs';
import { runWithdrawal } from './withdrawal.mjs';

const PARTS = ['gateway', 'visitlog', 'withdrawal', 'search', 'web'];

function parseArgs(argv) {
  const only = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--only') only.push(...(argv[++i] ?? '').split(','));
    else if (arg.startsWith('--only=')) only.push(...arg.slice(7).split(','));
    else if (arg === '--cpu-prof') only.cpuProf = true;
    else fail(`unknown argument ${arg}; usage: npm run bench [-- --only ${PARTS.join('|')}] [--cpu-prof]`);
  }
  for (const part of only) if (!PARTS.includes(part)) fail(`unknown part "${part}": one of ${PARTS.join(', ')}`);
  return { parts: only.length > 0 ? only : PARTS, cpuProf: only.cpuProf === true };
}

const log = (message) => console.error(`[bench] ${message}`);

/**
 * Runs another engineer's sub-benchmark; its last stdout line is { "figures": [...] }. What it
 * printed before that (its own tables: Lighthouse's page by page, the field Web Vitals) is shown
 * as it was, ahead of the summary.
 */
function runSub(part) {
  const script = join(ROOT, 'bench', part, 'run.mjs');
  if (!existsSync(script)) return null;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new BenchError(`bench/${part}/run.mjs exited with ${code}`));
      const lines = stdout.trim().split('\n');
      const last = lines.pop() ?? '';
      if (lines.length > 0) console.log(`\nbench/${part}:\n${lines.join('\n')}\n`);
      try {
        const parsed = JSON.parse(last);
        if (!Array.isArray(parsed.figures) || parsed.figures.length === 0) throw new Error('no figures');
        for (const item of parsed.figures) {
          if (typeof item.value !== 'number' || !Number.isFinite(item.value))
            throw new Error(`bad figure ${item.name}`);
        }
        resolve(parsed);
      } catch (err) {
        reject(new BenchError(`bench/${part}/run.mjs: last stdout line is not {"figures": [...]}: ${err.message}`));
      }
    });
  });
}

function printTable(results) {
  const rows = [['part', 'figure', 'value', 'target', 'met']];
  for (const [part, { figures }] of Object.entries(results)) {
    for (const item of figures) {
      rows.push([
        part,
        item.name,
        `${item.value.toLocaleString('en-US')} ${item.unit ?? ''}`.trim(),
        item.target ?? '',
        item.met === null || item.met === undefined ? '' : item.met ? 'yes' : 'NO',
      ]);
    }
  }
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => String(row[col]).length)));
  for (const [i, row] of rows.entries()) {
    console.log(row.map((cell, col) => String(cell).padEnd(widths[col])).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

async function main() {
  const { parts, cpuProf } = parseArgs(process.argv.slice(2));
  const results = {};
  const startedAt = new Date().toISOString();
  const loadAtStart = loadavg();
  const needsServices = ['gateway', 'visitlog', 'withdrawal'].some((part) => parts.includes(part));
  if (needsServices) checkBuilt();
  let credit = null;
  try {
    if (needsServices) {
      log('starting the credit-service (seeding a fresh database)');
      // With --cpu-prof the credit-service is profiled too (the visit-log drain waits on it).
      const profDir = cpuProf ? join(ROOT, 'bench', 'results', 'profiles') : null;
      if (profDir) mkdirSync(profDir, { recursive: true });
      credit = await startCreditService({}, { nodeArgs: profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [] });
    }
    const cpuProfDir = cpuProf ? join(ROOT, 'bench', 'results', 'profiles') : undefined;
    if (cpuProfDir) mkdirSync(cpuProfDir, { recursive: true });
    if (parts.includes('gateway')) results.gateway = await runGateway(credit, { log, cpuProfDir });
    if (parts.includes('visitlog')) results.visitlog = await runVisitLog(credit, { log, cpuProfDir });
    if (parts.includes('withdrawal')) results.withdrawal = await runWithdrawal(credit, { log });
    if (credit) await credit.stop();
    for (const part of ['search', 'web']) {
      if (!parts.includes(part)) continue;
      log(`running bench/${part}/run.mjs`);
      const sub = await runSub(part);
      if (sub) results[part] = sub;
      else if (parts.length === 1) fail(`bench/${part}/run.mjs does not exist yet`);
      else log(`bench/${part}/run.mjs does not exist yet; skipped`);
    }
  } finally {
    await stopAll();
    cleanupTemps();
  }
  const report = {
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: {
      cpu: cpus()[0]?.model,
      cores: cpus().length,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      // Other work on the machine skews every figure: the 1/5/15-minute load averages.
      loadAtStart,
      loadAtEnd: loadavg(),
    },
    results,
  };
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench', 'results', 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  printTable(results);
  console.log(
    `\nload average at start ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}, at end ${report.machine.loadAtEnd.map((l) => l.toFixed(2)).join(' ')} (${report.machine.cores} cores)`,
  );
  console.log('written to bench/results/latest.json');
}

// Ctrl+C: stop what was started and remove the temporary directories before exiting.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\nbench interrupted (${signal}); stopping what it started`);
    void stopAll()
      .catch(() => undefined)
      .finally(() => {
        cleanupTemps();
        process.exit(130);
      });
  });
}

main().catch(async (err) => {
  await stopAll().catch(() => undefined);
  cleanupTemps();
  console.error(`\nbench failed: ${err instanceof BenchError ? err.message : (err?.stack ?? err)}`);
  process.exit(1);
});
