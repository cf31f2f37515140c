#!/usr/bin/env node
// `npm test`: every test suite — format, lint, typecheck, build, then vitest (shared, credit-service,
// server, web and the real-browser suite). Prints one closing line "N passed, N failed".
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildCommands, ensureInstalled, TSC } from './lib/product.mjs';
import { ROOT, runCaptured, runInherited } from './lib/run.mjs';

const suiteStarted = Date.now();
console.log('\n▶ 依赖安装 install');
if (ensureInstalled() !== 0) {
  console.error('\n✖ 依赖安装 install 失败');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

/*
 * The checks beside the tests, as two chains side by side (each command is single-threaded and
 * the machine has two cores): build and typecheck; format and lint. The tests start as soon as
 * the build chain has passed (the browser suite needs the build), while format and lint finish
 * beside them: a core is not left idle waiting for lint. Each step's output is printed when it
 * ends, whole, with its time.
 */
const step = (name, command, args, options) => ({ name, command, args, options });
const buildChain = [
  ...buildCommands().map(([command, args, options]) =>
    step(`构建 build (${command === 'node' ? 'tsc' : command})`, command, args, options),
  ),
  step('类型检查 web', TSC[0], [...TSC[1], '-p', 'packages/web', '--noEmit']),
  step('类型检查 e2e', TSC[0], [...TSC[1], '-p', 'e2e']),
];
const lintChain = [
  step('格式检查 prettier', 'prettier', ['--check', '.', '--log-level', 'warn']),
  step('代码检查 eslint', 'eslint', ['.', '--max-warnings', '0']),
];
const failures = [];

/** Runs a chain's steps in order; false at its first failure. */
async function runChain(chain) {
  for (const { name, command, args, options } of chain) {
    const started = Date.now();
    const { status, output } = await runCaptured(command, args, options);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`\n▶ ${name} ${status === 0 ? '✓' : '✖'} ${seconds} s`);
    if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
    if (status !== 0) {
      failures.push(name);
      return false;
    }
  }
  return true;
}

const linted = runChain(lintChain);
if (!(await runChain(buildChain))) {
  await linted;
  for (const name of failures) console.error(`\n✖ ${name} 失败`);
  console.log(`0 passed, ${failures.length} failed`);
  process.exit(1);
}

console.log('\n▶ 测试 vitest');
mkdirSync(join(ROOT, '.tmp'), { recursive: true });
const report = join(ROOT, '.tmp', 'vitest-report.json');
const status = await runInherited('vitest', [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);
await linted;
let passed = 0;
let failed = status === 0 ? 0 : 1;
if (existsSync(report)) {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed = result.numPassedTests ?? 0;
  failed = Math.max(result.numFailedTests ?? 0, status === 0 ? 0 : 1);
  if ((result.numPendingTests ?? 0) + (result.numTodoTests ?? 0) > 0) {
    console.error('✖ 有被跳过的测试：跳过的测试视为缺陷');
    failed = Math.max(failed, 1);
  }
  printProjectTimes(result.testResults ?? []);
}
// A failed format or lint check fails the suite like a failed test.
for (const name of failures) console.error(`\n✖ ${name} 失败`);
failed += failures.length;
console.log(`\n▶ 总耗时 total ${((Date.now() - suiteStarted) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(status === 0 && failed === 0 ? 0 : 1);

/**
 * Per vitest project (the folder a test file is in): its files, the sum of their times and the
 * wall-clock span from its first file's start to its last file's end — where the suite's time goes.
 */
function printProjectTimes(files) {
  const projects = new Map();
  for (const file of files) {
    const path = relative(ROOT, file.name);
    const name = path.startsWith('packages/') ? path.split('/')[1] : path.split('/')[0];
    const project = projects.get(name) ?? { files: 0, busy: 0, first: Infinity, last: 0 };
    project.files += 1;
    project.busy += (file.endTime ?? 0) - (file.startTime ?? 0);
    project.first = Math.min(project.first, file.startTime ?? Infinity);
    project.last = Math.max(project.last, file.endTime ?? 0);
    projects.set(name, project);
  }
  console.log('\n▶ 各项目耗时 per project (files · sum of file times · first start to last end)');
  for (const [name, { files: count, busy, first, last }] of [...projects].sort((a, b) => b[1].busy - a[1].busy)) {
    const span = Number.isFinite(first) ? (last - first) / 1000 : 0;
    console.log(
      `  ${name.padEnd(16)} ${String(count).padStart(3)} files  ${(busy / 1000).toFixed(0).padStart(5)} s  ${span.toFixed(0).padStart(5)} s`,
    );
  }
}
