#!/usr/bin/env node
// `npm test`: every test suite — format, lint, typecheck, build, then vitest (shared, credit-service,
// server, web and the real-browser suite). Prints one closing line "N passed, N failed".
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, ensureInstalled } from './lib/product.mjs';
import { ROOT, run } from './lib/run.mjs';

const steps = [
  ['依赖安装 install', () => ensureInstalled()],
  ['格式检查 prettier', () => run('prettier', ['--check', '.', '--log-level', 'warn'])],
  ['代码检查 eslint', () => run('eslint', ['.', '--max-warnings', '0'])],
  ['构建 build', () => build()],
  ['类型检查 web, e2e', () => run('tsc', ['-p', 'packages/web', '--noEmit']) || run('tsc', ['-p', 'e2e'])],
];

for (const [name, step] of steps) {
  console.log(`\n▶ ${name}`);
  if (step() !== 0) {
    console.error(`\n✖ ${name} 失败`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

console.log('\n▶ 测试 vitest');
mkdirSync(join(ROOT, '.tmp'), { recursive: true });
const report = join(ROOT, '.tmp', 'vitest-report.json');
const status = run('vitest', [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);
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
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(status === 0 && failed === 0 ? 0 : 1);
