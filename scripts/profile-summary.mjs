#!/usr/bin/env node
// Sums a V8 CPU profile (`BENCH_PROFILE=<folder> npm run bench`, or `node --cpu-prof`) by function: the functions with
// the most time of their own, and the most time spent in them and what they call (inclusive), with their files.
// `node scripts/profile-summary.mjs <file.cpuprofile> [--top 30] [--match <text>]`: --match keeps the functions whose
// name or file holds the text (`--match kysely`, `--match page.service`). Docs: docs/benchmarks.md.
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const valueOf = (flag) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const file = args.find((arg, at) => !arg.startsWith('--') && !['--top', '--match'].includes(args[at - 1] ?? ''));
if (!file) {
  console.error('usage: node scripts/profile-summary.mjs <file.cpuprofile> [--top 30] [--match <text>]');
  process.exit(2);
}
const top = Number(valueOf('--top') ?? 30) || 30;
const match = valueOf('--match');

const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

// Each sample's time: the gap to the next sample.
const selfMs = new Map();
const { samples, timeDeltas } = profile;
for (let i = 0; i < samples.length; i++) {
  const delta = (timeDeltas[i + 1] ?? 0) / 1000;
  selfMs.set(samples[i], (selfMs.get(samples[i]) ?? 0) + delta);
}

const nameOf = (node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${path.basename(url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
};

const own = new Map();
const inclusive = new Map();
let total = 0;
let idle = 0;
for (const [id, ms] of selfMs) {
  const node = nodes.get(id);
  total += ms;
  if (node.callFrame.functionName === '(idle)') idle += ms;
  const name = nameOf(node);
  own.set(name, (own.get(name) ?? 0) + ms);
  // Inclusive: once per function on the sample's stack (recursion counted once).
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const frame = nameOf(nodes.get(at));
    if (seen.has(frame)) continue;
    seen.add(frame);
    inclusive.set(frame, (inclusive.get(frame) ?? 0) + ms);
  }
}

const kept = (name) =>
  !['(idle)', '(root)'].includes(name) && (!match || name.toLowerCase().includes(match.toLowerCase()));
const print = (title, table) => {
  console.log(`\n${title}`);
  for (const [name, ms] of [...table]
    .filter(([name]) => kept(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    console.log(`${ms.toFixed(0).padStart(8)} ms  ${((100 * ms) / (total - idle)).toFixed(1).padStart(5)} %  ${name}`);
};
console.log(`${file}: ${(total / 1000).toFixed(1)} s sampled, ${((total - idle) / 1000).toFixed(1)} s busy`);
print('Own time (busy %)', own);
print('Inclusive time (busy %)', inclusive);
