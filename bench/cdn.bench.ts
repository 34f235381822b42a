// Pages with CDN links: what making them local costs at build time, beside a baseline measured
// in the same run: the same pages built without a package fetcher (CDN links left as written;
// the Play CDN is compiled either way). Cold is a fresh package cache (everything fetched from
// the npm registry); warm is a long-lived worker's. Also counts the CDN URLs left in the page.
// `npm run bench:cdn [-- --runs N]`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadCorpus, sampleInput } from '../test/builder-corpus';
import { build, createNpmResolver } from '../src/builder/index';
import { median } from './side-by-side';

const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 7;
const REGISTRY = process.env.NPM_REGISTRY ?? 'https://registry.npmjs.org';
const THIRD_PARTY =
  /(?:https?:)?\/\/(unpkg\.com|cdn\.jsdelivr\.net|esm\.sh|cdn\.skypack\.dev|cdnjs\.cloudflare\.com|d3js\.org|code\.jquery\.com|cdn\.tailwindcss\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)(?=[/?'"\s])/g;

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const samples = loadCorpus().filter(
  (s) => s.expect === 'renders' && (s.kind === 'html' || s.features.includes('static-site')),
);
const cacheDir = mkdtempSync(path.join(tmpdir(), 'bench-cdn-'));
const resolvePackage = createNpmResolver({ registry: REGISTRY, cacheDir });
await build(sampleInput(samples[0]!)); // loads the builder once, outside the figures

console.log(`${RUNS} warm runs per sample, registry ${REGISTRY}`);
console.log(
  'sample'.padEnd(40),
  'links kept (ms)'.padStart(16),
  'cold (ms)'.padStart(10),
  'warm (ms)'.padStart(10),
  'warm/kept'.padStart(10),
  'CDN URLs before→after'.padStart(22),
);
try {
  for (const sample of samples) {
    const input = sampleInput(sample);
    await build(input);
    const keptRuns: number[] = [];
    for (let i = 0; i < RUNS; i++) keptRuns.push(await time(() => build(input)));
    const kept = median(keptRuns);
    const cold = await time(() => build(input, { resolvePackage }));
    const warm: number[] = [];
    for (let i = 0; i < RUNS; i++) warm.push(await time(() => build(input, { resolvePackage })));
    const page = (r: Awaited<ReturnType<typeof build>>) =>
      r.files
        .filter((f) => /\.(html?|css|m?js)$/.test(f.path) && !f.path.startsWith('assets/cdn/'))
        .map((f) => new TextDecoder().decode(f.content))
        .join('\n');
    const before = page(await build(input)).match(THIRD_PARTY)?.length ?? 0;
    const after = page(await build(input, { resolvePackage })).match(THIRD_PARTY)?.length ?? 0;
    console.log(
      sample.file.padEnd(40),
      kept.toFixed(0).padStart(16),
      cold.toFixed(0).padStart(10),
      median(warm).toFixed(0).padStart(10),
      `${(median(warm) / kept).toFixed(2)}×`.padStart(10),
      `${before}→${after}`.padStart(22),
    );
  }
} finally {
  rmSync(cacheDir, { recursive: true, force: true });
}
