import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT, type Sample } from '../test/builder-corpus';
import type { SiteFile } from './site-visits';

// The baseline of the build bench: the builder as it was at an earlier commit, building the same
// samples in a child process.

/**
 * The builder before this change, from git: its sources at `rev` in a temp folder beside our
 * node_modules, building every sample in a child process; the built files come back as JSON.
 */
export interface BeforeBuild {
  warm: number;
  files: Map<string, SiteFile>;
}

export function buildBefore(
  rev: string,
  samples: Sample[],
  runs: number,
): Map<string, BeforeBuild> {
  const parent = mkdtempSync(path.join(tmpdir(), 'bench-before-'));
  const dir = path.join(parent, 'repo');
  mkdirSync(dir);
  // older revisions read the samples from ../shared/artifacts, newer ones from the repository
  mkdirSync(path.join(parent, 'shared'));
  symlinkSync(
    path.join(REPO_ROOT, 'test/fixtures/artifacts'),
    path.join(parent, 'shared/artifacts'),
  );
  try {
    const archive = execFileSync('git', ['archive', rev, 'src', 'test', 'package.json'], {
      cwd: REPO_ROOT,
      maxBuffer: 1 << 30,
    });
    writeFileSync(path.join(dir, 'src.tar'), archive);
    execFileSync('tar', ['-xf', 'src.tar'], { cwd: dir });
    // today's samples, built the old way
    cpSync(
      path.join(REPO_ROOT, 'test/fixtures/artifacts'),
      path.join(dir, 'test/fixtures/artifacts'),
      {
        recursive: true,
      },
    );
    symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    // the old vendor set went to the cache inside node_modules: keep it out of ours
    const vendorDir = path.join(dir, 'vendor');
    mkdirSync(vendorDir);
    const outFile = path.join(dir, 'out.json');
    const script = `import { writeFileSync } from 'node:fs';
import { build, BuildError } from './src/builder/index.ts';
import { loadCorpus, sampleInput } from './test/builder-corpus.ts';
const offline = async (n) => { throw new BuildError('no ' + n); };
const names = new Set(${JSON.stringify(samples.map((s) => s.file))});
const out = {};
for (const s of loadCorpus().filter((x) => names.has(x.file))) {
  try {
    const opts = { resolvePackage: offline, vendorDir: ${JSON.stringify(vendorDir)} };
    const r = await build(sampleInput(s), opts);
    const times = [];
    for (let i = 0; i < ${runs}; i++) {
      const t = performance.now();
      await build(sampleInput(s), opts);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    out[s.file] = { warm: times[Math.floor(times.length / 2)], files: r.files.map((f) => [f.path, f.contentType, Buffer.from(f.br ?? f.content).toString('base64')]) };
  } catch (e) { out[s.file] = { warm: NaN, files: [] }; }
}
writeFileSync(${JSON.stringify(outFile)}, JSON.stringify(out));`;
    const r = spawnSync('node', ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`building at ${rev} failed: ${r.stderr}`);
    const json = JSON.parse(readFileSync(outFile, 'utf8')) as Record<
      string,
      { warm: number | null; files: [string, string, string][] }
    >;
    return new Map(
      Object.entries(json).map(([name, { warm, files }]) => [
        name,
        {
          warm: warm ?? NaN,
          files: new Map(
            files.map(([p, contentType, b64]) => [
              p,
              { contentType, body: Buffer.from(b64, 'base64') },
            ]),
          ),
        },
      ]),
    );
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
}

/** The last commit that still had the prebuilt vendor modules, unless one is named. */
export function beforeRev(named: string | undefined): string {
  if (named) return named;
  const removal = execFileSync(
    'git',
    ['log', '-1', '--format=%H', '--diff-filter=D', '--', 'src/builder/vendor/load.ts'],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  ).trim();
  return `${removal}^`;
}
