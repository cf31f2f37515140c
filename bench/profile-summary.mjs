#!/usr/bin/env node
// Summarizes a V8 .cpuprofile (node --cpu-prof): self time by package and the top functions.
// usage: node bench/profile-summary.mjs FILE.cpuprofile [--top N] [--match TEXT]
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const file = args[0];
if (!file) {
  console.error('usage: node bench/profile-summary.mjs FILE.cpuprofile [--top N] [--match TEXT]');
  process.exit(2);
}
const top = Number(args[args.indexOf('--top') + 1] || 25) || 25;
const match = args.includes('--match') ? args[args.indexOf('--match') + 1] : null;
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
const deltas = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i += 1) {
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);

function packageOf(url) {
  if (!url) return '(native/idle)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm !== -1) {
    const rest = url.slice(nm + 13).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return 'node core';
  const pkg = /packages\/([\w-]+)\//.exec(url);
  return pkg ? `@credit-portal/${pkg[1]}` : url;
}

const byPackage = new Map();
const byFunction = new Map();
for (const [id, time] of self) {
  const node = byId.get(id);
  const { functionName, url, lineNumber } = node.callFrame;
  const name = functionName || '(anonymous)';
  const pkg = ['(idle)', '(program)', '(garbage collector)'].includes(name) ? name : packageOf(url);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + time);
  const key = `${name} ${url ? `${url.replace(/^.*node_modules\//, '')}:${lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + time);
}
const pct = (t) => `${((t / total) * 100).toFixed(1).padStart(5)} %`;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
console.log('\nself time by package');
for (const [pkg, t] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)}  ${pkg}`);
console.log('\ntop functions (self time)');
for (const [fn, t] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)}  ${fn}`);
if (match) {
  // Inclusive: samples with a frame of a matching function or file anywhere on the stack.
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const hits = new Map();
  const inStack = (id) => {
    if (hits.has(id)) return hits.get(id);
    const node = byId.get(id);
    const frame = `${node.callFrame.functionName} ${node.callFrame.url}`;
    const up = parent.get(id);
    const result = frame.includes(match) || (up !== undefined && inStack(up));
    hits.set(id, result);
    return result;
  };
  let inclusive = 0;
  let busy = 0;
  for (const [id, time] of self) {
    const name = byId.get(id).callFrame.functionName;
    if (name !== '(idle)') busy += time;
    if (inStack(id)) inclusive += time;
  }
  console.log(
    `inclusive time under "${match}": ${pct(inclusive)} of all samples, ${((inclusive / busy) * 100).toFixed(1)} % of the busy (non-idle) time`,
  );
  const sum = [...byFunction].filter(([fn]) => fn.includes(match)).reduce((a, [, t]) => a + t, 0);
  console.log(`\nself time in functions whose name or file contains "${match}": ${pct(sum)}`);
}
