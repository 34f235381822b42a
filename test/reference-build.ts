// The slow, obvious way to turn a corpus sample into a page: what the production builder's
// output is judged against. Written for plainness, not speed; it shares none of the builder's
// machinery (no vendor chunks, no import maps, no class harvesting), only the kit's own source
// and its Tailwind theme, which are what "looks as it did in the assistant" means.
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { CORPUS_DIR, REPO_ROOT, type Sample } from './builder-corpus';
import { compileReferenceTailwind } from './reference-tailwind';
import { brandIconPlugin } from './reference-lucide';
import type { SiteFile } from './builder-serve';
import { projectSite } from './reference-project';
import {
  CODE_FILE,
  kitPlugin,
  listFiles,
  RUNTIME_DIR,
  siteFile,
  uploadPlugin,
  VITE_ENV,
  type ReferenceSite,
} from './reference-resolve';

export type { ReferenceSite } from './reference-resolve';

/** The sample's source files, keyed by their path inside the artifact. */
export async function sampleFiles(sample: Sample): Promise<Map<string, Buffer>> {
  const full = path.join(CORPUS_DIR, sample.file);
  if (sample.kind !== 'zip') {
    const name = sample.kind === 'html' ? 'index.html' : `App.${sample.kind}`;
    return new Map([[name, await readFile(full)]]);
  }
  const files = new Map<string, Buffer>();
  for (const name of await listFiles(full)) files.set(name, await readFile(path.join(full, name)));
  return files;
}

/** A static site is served untouched; the page is the one a person would open. */
function staticPage(names: string[]): string {
  const pages = names.filter((n) => n.endsWith('.html'));
  const depth = (n: string) => n.split('/').length;
  const index = pages.filter((n) => path.posix.basename(n) === 'index.html');
  const chosen = index.sort((a, b) => depth(a) - depth(b))[0] ?? (pages.length === 1 && pages[0]);
  if (!chosen) throw new Error(`reference: no page to open among ${names.join(', ')}`);
  return chosen;
}

function relativeImports(code: string): string[] {
  return [...code.matchAll(/(?:from|import)\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
}

/** A file that only passes other modules on (`export { default as X } from './X'`). */
function isBarrel(code: string): boolean {
  const statements = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
  return (
    statements.length > 0 &&
    statements.every((s) => /^(export|import)\b[\s\S]*\bfrom\s*['"]/.test(s))
  );
}

/**
 * The module that holds the app: one that mounts itself, else the one no other file imports
 * (the top of the import graph, barrels set aside), preferring App.* when several are.
 */
function reactEntry(files: Map<string, Buffer>, sample: Sample): string {
  if (sample.entry) return sample.entry;
  const code = [...files.keys()].filter((f) => CODE_FILE.test(f) && !isBarrel(`${files.get(f)}`));
  const mounting = code.filter((f) =>
    /\bcreateRoot\s*\(|ReactDOM\.render\s*\(/.test(`${files.get(f)}`),
  );
  if (mounting.length === 1) return mounting[0]!;
  const stem = (f: string) => f.replace(CODE_FILE, '').replace(/\/index$/, '');
  const imported = new Set<string>();
  for (const f of code) {
    for (const spec of relativeImports(`${files.get(f)}`)) {
      const target = stem(path.posix.normalize(path.posix.join(path.posix.dirname(f), spec)));
      for (const candidate of code) if (stem(candidate) === target) imported.add(candidate);
    }
  }
  const roots = code.filter((f) => !imported.has(f));
  const entry = roots.length === 1 ? roots[0] : roots.find((f) => /(^|\/)App\.\w+$/.test(f));
  if (!entry) throw new Error(`reference: cannot tell the app's entry among ${code.join(', ')}`);
  return entry;
}

/** Code without any export still names its component last; export it the way a person would. */
function withExport(code: string): string {
  if (/^\s*export\s/m.test(code) || /\bcreateRoot\s*\(|ReactDOM\.render\s*\(/.test(code))
    return code;
  const names = [
    ...code.matchAll(/^(?:function\s+([A-Z]\w*)|(?:const|let)\s+([A-Z]\w*)\s*=)/gm),
  ].map((m) => m[1] ?? m[2]);
  const last = names.at(-1);
  return last ? `${code}\nexport default ${last};\n` : code;
}

async function kitSources(): Promise<{ raw: string; extension: string }[]> {
  const names = (await listFiles(RUNTIME_DIR)).filter((f) => /\.tsx?$/.test(f));
  return Promise.all(
    names.map(async (f) => ({
      raw: await readFile(path.join(RUNTIME_DIR, f), 'utf8'),
      extension: path.extname(f).slice(1),
    })),
  );
}

let runtimeScript: Promise<Uint8Array> | undefined;

/** window.storage and window.claude, as the host gives every page. */
function siteRuntime(): Promise<Uint8Array> {
  runtimeScript ??= esbuild
    .build({
      entryPoints: [path.join(RUNTIME_DIR, 'site-runtime.ts')],
      bundle: true,
      format: 'iife',
      platform: 'browser',
      write: false,
    })
    .then((r) => r.outputFiles[0]!.contents);
  return runtimeScript;
}

async function reactSite(files: Map<string, Buffer>, sample: Sample): Promise<ReferenceSite> {
  const dir = await mkdtemp(path.join(tmpdir(), 'reference-build-'));
  try {
    const entry = reactEntry(files, sample);
    for (const [name, content] of files) {
      await mkdir(path.dirname(path.join(dir, 'src', name)), { recursive: true });
      const text = name === entry ? Buffer.from(withExport(content.toString('utf8'))) : content;
      await writeFile(path.join(dir, 'src', name), text);
    }
    await writeFile(
      path.join(dir, 'react-global.js'),
      `import * as React from 'react';\nexport { React };\n`,
    );
    await writeFile(
      path.join(dir, 'mount.jsx'),
      `import { createRoot } from 'react-dom/client';
import * as artifact from ${JSON.stringify(`./src/${entry}`)};
const App = artifact.default ?? Object.values(artifact).find((v) => typeof v === 'function');
if (App) createRoot(document.getElementById('root')).render(<App />);
`,
    );
    const result = await esbuild.build({
      entryPoints: [path.join(dir, 'mount.jsx')],
      absWorkingDir: dir,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      outdir: path.join(dir, 'out'),
      write: false,
      jsx: 'automatic',
      nodePaths: [path.join(REPO_ROOT, 'node_modules')],
      inject: [path.join(dir, 'react-global.js')],
      define: {
        'process.env.NODE_ENV': '"production"',
        'import.meta.env': JSON.stringify(VITE_ENV),
        global: 'globalThis',
      },
      loader: {
        '.js': 'jsx',
        '.svg': 'file',
        '.png': 'file',
        '.jpg': 'file',
        '.gif': 'file',
        '.webp': 'file',
        '.txt': 'text',
        '.md': 'text',
        '.csv': 'text',
      },
      assetNames: 'assets/[name]-[hash]',
      logLevel: 'silent',
      plugins: [uploadPlugin(path.join(dir, 'src')), kitPlugin, brandIconPlugin(files)],
    });
    const out: SiteFile[] = [];
    const css: string[] = [];
    for (const f of result.outputFiles) {
      const rel = path.relative(path.join(dir, 'out'), f.path).split(path.sep).join('/');
      out.push(siteFile(rel, f.contents));
      if (rel.endsWith('.css')) css.push(rel);
    }
    const artifactSources = [...files]
      .filter(([name]) => CODE_FILE.test(name) || name.endsWith('.html'))
      .map(([name, content]) => ({
        raw: content.toString('utf8'),
        extension: path.extname(name).slice(1),
      }));
    const tailwind = await compileReferenceTailwind([...artifactSources, ...(await kitSources())]);
    out.push(siteFile('tailwind.css', Buffer.from(tailwind)));
    out.push(siteFile('runtime.js', await siteRuntime()));
    for (const [name, content] of files) {
      if (!CODE_FILE.test(name)) out.push(siteFile(name, content));
    }
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reference</title>
<link rel="stylesheet" href="/tailwind.css">
${css.map((c) => `<link rel="stylesheet" href="/${c}">`).join('\n')}
<script src="/runtime.js"></script>
</head>
<body>
<div id="root"></div>
<script type="module" src="/mount.js"></script>
</body>
</html>
`;
    out.push(siteFile('index.html', Buffer.from(html)));
    return { files: out, page: 'index.html' };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const cache = new Map<string, Promise<ReferenceSite>>();

/** The reference page for a sample, built once per test run. */
export function referenceBuild(sample: Sample): Promise<ReferenceSite> {
  let site = cache.get(sample.file);
  if (!site) {
    site = (async () => {
      const files = await sampleFiles(sample);
      const names = [...files.keys()];
      if (names.some((n) => n.endsWith('.html'))) {
        const project = await projectSite(files);
        if (project) return project;
        return {
          files: [...files].map(([name, content]) => siteFile(name, content)),
          page: staticPage(names),
        };
      }
      return reactSite(files, sample);
    })();
    cache.set(sample.file, site);
  }
  return site;
}
