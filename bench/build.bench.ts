// Build speed, page weight and first render per corpus sample, each beside a baseline measured
// in the same run: a plain tree-shaken esbuild bundle of the same source (bytes), and the
// builder as it was before the one-bundle change (first render in Chromium, cold cache).
// `npm run bench:build [-- --runs N] [-- --visits N] [-- --before <git rev>]`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { launchBrowser } from '../test/browser';
import { loadCorpus, REPO_ROOT, sampleInput, type Sample } from '../test/builder-corpus';
import { readCdnLink } from '../src/builder/cdn/links';
import { compressText } from '../src/builder/compress';
import { BuildError, createBuilder, type PackageResolver } from '../src/builder/index';
import { beforeRev, buildBefore } from './build-before';
import { firstRender, servedBody, serveSite, toSite } from './site-visits';
import { median } from './side-by-side';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Number(arg('--runs') ?? 15);
const VISITS = Number(arg('--visits') ?? 3);
const offlineNpm: PackageResolver = async (name) => {
  throw new BuildError(`The package "${name}" does not exist on npm.`);
};

/**
 * The same page the builder makes, bundled the plain way: its mount plus the artifact; NaN
 * when a plain bundle cannot be made (icons lucide-react no longer has).
 */
async function plainBundleBytes(sample: Sample): Promise<number> {
  const source = readFileSync(path.join(REPO_ROOT, 'test/fixtures/artifacts', sample.file), 'utf8');
  const out = await esbuild
    .build({
      stdin: {
        contents: `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import * as M from './artifact';
createRoot(document.getElementById('root')).render(createElement(M.default ?? Object.values(M)[0]));`,
        resolveDir: REPO_ROOT,
        loader: 'js',
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
      define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env': '{}' },
      plugins: [
        {
          name: 'artifact',
          setup(b) {
            b.onResolve({ filter: /^\.\/artifact$/ }, () => ({ path: 'a', namespace: 'artifact' }));
            // esbuild leaves a web address out of the bundle; the page has that package in it,
            // so the plain bundle takes the same package from node_modules, or its bytes
            // would be missing from one side of the ratio.
            b.onResolve({ filter: /^(https?:)?\/\//i }, (args) => {
              const link = readCdnLink(args.path);
              if (link?.kind !== 'npm') return undefined;
              const file = link.file?.replace(/^\.?\//, '').replace(/^\+esm$/, '') ?? '';
              return b.resolve(file ? `${link.name}/${file}` : link.name, {
                resolveDir: REPO_ROOT,
                kind: args.kind,
              });
            });
            b.onLoad({ filter: /.*/, namespace: 'artifact' }, () => ({
              contents: /export\s+default|export\s+(function|const)/.test(source)
                ? source
                : `${source}\nexport default App;`,
              loader: sample.kind === 'tsx' ? 'tsx' : 'jsx',
              resolveDir: REPO_ROOT,
            }));
          },
        },
      ],
    })
    .catch(() => null);
  if (!out) return NaN;
  // compressed as the site's files end up (the background pass), so only the bundling differs
  let bytes = 0;
  for (const f of out.outputFiles) bytes += compressText(f.contents, 'best').br.byteLength;
  return bytes;
}

const samples = loadCorpus().filter(
  // offline like the other samples: one that needs a package from npm is left out
  (s) => s.expect === 'renders' && (s.kind === 'jsx' || s.kind === 'tsx') && !s.open && !s.needsNpm,
);
// whole project folders (Vite, AI Studio, Claude Code exports): their own rows below
const projects = loadCorpus().filter(
  (s) => s.expect === 'renders' && s.features.includes('project'),
);
const rev = beforeRev(arg('--before'));
console.log(
  `Building the ${samples.length} single-file React samples and ${projects.length} project folders at ${rev} (the old way)…`,
);
const before = buildBefore(rev, [...samples, ...projects], RUNS);

const builder = createBuilder();
const browser = await launchBrowser();
const rows: string[][] = [];
const warmAll: number[] = [];
const ratios: number[] = [];
const compileAll: number[] = [];
const jsRatios: number[] = [];
const oldWarm: number[] = [];
for (const sample of samples) {
  const input = sampleInput(sample);
  const result = await builder.build(input, { resolvePackage: offlineNpm });
  const times: number[] = [];
  const compile: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const r = await builder.build(input, { resolvePackage: offlineNpm });
    times.push(performance.now() - t);
    // bundling and Tailwind, without the gzip and brotli of the output
    const step = (name: string) => r.logs.find((l) => l.step === name && l.ms !== undefined)?.ms;
    compile.push((step('bundle') ?? 0) + (step('styles') ?? 0));
  }
  warmAll.push(median(times));
  compileAll.push(median(compile));
  if (Number.isFinite(before.get(sample.file)?.warm)) oldWarm.push(before.get(sample.file)!.warm);
  const plain = await plainBundleBytes(sample);

  const now = await serveSite(toSite(result.files));
  const then = before.get(sample.file)!;
  const old = await serveSite(then.files);
  const renderNow: number[] = [];
  const renderOld: number[] = [];
  let seenNow = { requests: 0, bytes: 0 };
  let seenOld = { requests: 0, bytes: 0 };
  // interleaved, so a busy moment of the machine weighs on both alike
  for (let i = 0; i < VISITS; i++) {
    renderNow.push(await firstRender(browser, now.url, sample.text!));
    seenNow = now.take();
    renderOld.push(await firstRender(browser, old.url, sample.text!));
    seenOld = old.take();
  }
  await now.close();
  await old.close();
  const ratio = seenNow.bytes / plain;
  if (Number.isFinite(ratio)) ratios.push(ratio);
  const jsBytes = result.files
    .filter((f) => /^assets\/(app|chunk)-.*\.js$/.test(f.path))
    .reduce((n, f) => n + servedBody(f).byteLength, 0);
  if (Number.isFinite(plain)) jsRatios.push(jsBytes / plain);
  rows.push([
    sample.file,
    median(times).toFixed(0),
    median(compile).toFixed(0),
    then.warm.toFixed(0),
    (seenNow.bytes / 1024).toFixed(1),
    (plain / 1024).toFixed(1),
    ratio.toFixed(3),
    (jsBytes / plain).toFixed(3),
    String(seenNow.requests),
    (seenOld.bytes / 1024).toFixed(1),
    String(seenOld.requests),
    median(renderNow).toFixed(0),
    median(renderOld).toFixed(0),
    (median(renderOld) / median(renderNow)).toFixed(2),
  ]);
}

/** A project folder: build time, what the build holds, what a visitor downloads, first render. */
const projectRows: string[][] = [];
for (const sample of projects) {
  const input = sampleInput(sample);
  const result = await builder.build(input, { resolvePackage: offlineNpm });
  const times: number[] = [];
  const compile: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const r = await builder.build(input, { resolvePackage: offlineNpm });
    times.push(performance.now() - t);
    const step = (name: string) => r.logs.find((l) => l.step === name && l.ms !== undefined)?.ms;
    compile.push((step('bundle') ?? 0) + (step('styles') ?? 0));
  }
  const stored = result.files.reduce((n, f) => n + servedBody(f).byteLength, 0);
  const now = await serveSite(toSite(result.files));
  const then = before.get(sample.file);
  const old = then ? await serveSite(then.files) : undefined;
  const renderNow: number[] = [];
  const renderOld: number[] = [];
  let seen = { requests: 0, bytes: 0 };
  for (let i = 0; i < VISITS; i++) {
    renderNow.push(await firstRender(browser, now.url, sample.text!));
    seen = now.take();
    if (old) renderOld.push(await firstRender(browser, old.url, sample.text!));
  }
  await now.close();
  await old?.close();
  projectRows.push([
    sample.file,
    median(times).toFixed(0),
    median(compile).toFixed(0),
    String(result.files.length),
    (stored / 1024).toFixed(1),
    (seen.bytes / 1024).toFixed(1),
    String(seen.requests),
    median(renderNow).toFixed(0),
    (then?.warm ?? NaN).toFixed(0),
    Number.isFinite(median(renderOld)) ? median(renderOld).toFixed(0) : 'never',
  ]);
}
await browser.close();
await builder.dispose();

const header = [
  'sample',
  'warm ms',
  'compile ms',
  'old warm ms',
  'page KB br',
  'plain KB br',
  'page/plain',
  'js/plain',
  'reqs',
  'old KB br',
  'old reqs',
  'render ms',
  'old render ms',
  'old/new',
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
console.log(
  `\nBuild bench: warm = median of ${RUNS} builds in one warm builder (compile: its bundle and styles steps, i.e. without compressing the output); page = bytes a visitor downloads (brotli); plain = esbuild bundle of the same source and its mount, brotli'd alike (page/plain: every byte of the page, HTML, runtime and CSS included; js/plain: the module alone); render = median of ${VISITS} cold visits (40 ms RTT, 10 Mbit/s) until the sample's text shows; old = the builder at ${rev}\n`,
);
console.log(line(header));
for (const r of rows) console.log(line(r));
console.log(
  `\nReact samples: warm build median ${median(warmAll).toFixed(0)} ms (max ${Math.max(...warmAll).toFixed(0)}), of which bundle + styles ${median(compileAll).toFixed(0)} ms; old builder ${median(oldWarm).toFixed(0)} ms; page/plain max ${Math.max(...ratios).toFixed(3)}, js/plain max ${Math.max(...jsRatios).toFixed(3)}`,
);

if (projectRows.length > 0) {
  const head = [
    'project',
    'warm ms',
    'compile ms',
    'files',
    'stored KB br',
    'page KB br',
    'reqs',
    'render ms',
    'old warm ms',
    'old render ms',
  ];
  const w = head.map((h, i) => Math.max(h.length, ...projectRows.map((r) => r[i]!.length)));
  const row = (r: string[]) => r.map((c, i) => c.padEnd(w[i]!)).join('  ');
  console.log(
    `\nProject folders: warm = median of ${RUNS} builds; stored = every file of the build (brotli where made); page = what a first visit downloads; old render "never" = the old builder served the project's source and its text never showed\n`,
  );
  console.log(row(head));
  for (const r of projectRows) console.log(row(r));
}
