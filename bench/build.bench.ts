// Build speed and page weight per corpus sample, beside a naive single-bundle esbuild
// baseline measured in the same run. `npm run bench:build [-- --runs N]`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { loadCorpus, REPO_ROOT, sampleInput, type Sample } from '../test/builder-corpus';
import { build, BuildError, type PackageResolver } from '../src/builder/index';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 15;
const offlineNpm: PackageResolver = async (name) => {
  throw new BuildError(`The package "${name}" does not exist on npm.`);
};

function stats(ms: number[]): { median: number; p95: number } {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}

async function timeIt(fn: () => Promise<unknown>, runs: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

/** What a build without prebuilt vendors does: bundle everything from node_modules. */
function naiveBundle(sample: Sample) {
  const input = sampleInput(sample);
  return esbuild.build({
    stdin: {
      contents: input.source as string,
      loader: sample.kind === 'tsx' ? 'tsx' : 'jsx',
      resolveDir: REPO_ROOT,
    },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    logLevel: 'silent',
    alias: {
      '@/components/ui': path.join(REPO_ROOT, 'src/builder/runtime/ui'),
      '@/lib': path.join(REPO_ROOT, 'src/builder/runtime/lib'),
    },
    define: { 'process.env.NODE_ENV': '"production"' },
  });
}

/** A cold build: a fresh process, nothing warm but the vendor folder on disk. */
function coldMs(sample: Sample): number {
  const code = `import { build } from './src/builder/index.ts';
import { loadCorpus, sampleInput } from './test/builder-corpus.ts';
const s = loadCorpus().find((x) => x.file === ${JSON.stringify(sample.file)});
const t = performance.now();
await build(sampleInput(s)).catch(() => {});
console.log(performance.now() - t);`;
  const r = spawnSync('node', ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  return Number(r.stdout.trim().split('\n').pop());
}

const kb = (n: number) => `${(n / 1024).toFixed(1)}`;
const rows: string[][] = [];
const warmMedians: number[] = [];
const naiveMedians: number[] = [];
await build(sampleInput(loadCorpus()[0]!), { resolvePackage: offlineNpm }); // load vendors once

for (const sample of loadCorpus().filter((s) => s.expect === 'renders')) {
  const input = sampleInput(sample);
  const result = await build(input, { resolvePackage: offlineNpm });
  const warm = stats(await timeIt(() => build(input, { resolvePackage: offlineNpm }), RUNS));
  const cold = coldMs(sample);
  const raw = result.files.reduce((n, f) => n + f.content.byteLength, 0);
  const br = result.files.reduce((n, f) => n + (f.br ?? f.content).byteLength, 0);
  let naive = '-';
  let naiveBytes = '-';
  if (sample.kind === 'jsx' || sample.kind === 'tsx') {
    const times = stats(await timeIt(() => naiveBundle(sample), Math.min(RUNS, 5)));
    const out = await naiveBundle(sample);
    const bytes = out.outputFiles!.reduce((n, f) => n + f.contents.byteLength, 0);
    const bytesBr = out.outputFiles!.reduce(
      (n, f) => n + brotliCompressSync(f.contents).byteLength,
      0,
    );
    naive = times.median.toFixed(0);
    naiveBytes = `${kb(bytes)}/${kb(bytesBr)}`;
    warmMedians.push(warm.median);
    naiveMedians.push(times.median);
  }
  rows.push([
    sample.file,
    warm.median.toFixed(1),
    warm.p95.toFixed(1),
    cold.toFixed(0),
    `${kb(raw)}/${kb(br)}`,
    naive,
    naiveBytes,
  ]);
}

const header = [
  'sample',
  'warm med ms',
  'warm p95 ms',
  'cold ms',
  'KB raw/br',
  'naive med ms',
  'naive KB raw/br',
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
console.log(`Build bench: ${RUNS} warm runs per sample (cold = one fresh process each)\n`);
console.log(line(header));
for (const r of rows) console.log(line(r));
const med = (xs: number[]) => stats(xs).median;
console.log(
  `\nReact samples: median warm build ${med(warmMedians).toFixed(1)} ms vs naive esbuild bundle ${med(naiveMedians).toFixed(0)} ms (${(med(naiveMedians) / med(warmMedians)).toFixed(1)}x faster)`,
);
