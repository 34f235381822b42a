import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus, makeZip, sampleInput } from '../../test/builder-corpus';
import { startNpmRegistry } from '../../test/npm-registry';
import { findStaticPage } from './entry';
import { build, BuildError, createBuilder, type BuildInput, type BuildResult } from './index';
import { createNpmResolver, type NpmResolver } from './npm/resolver';

// Projects (Vite, AI Studio, Claude Code), every specifier a person writes, and pages found
// wherever they sit in a zip. No network: long-tail packages come from a registry on loopback.

const decode = (b: Uint8Array) => new TextDecoder().decode(b);
const builder = createBuilder();
afterAll(() => builder.dispose());

const sample = (file: string) => sampleInput(loadCorpus().find((s) => s.file === file)!);
const zip = (files: Record<string, string>): BuildInput => ({
  kind: 'zip',
  source: makeZip(Object.entries(files).map(([name, text]) => ({ name, data: Buffer.from(text) }))),
});
const file = (r: BuildResult, p: string) => {
  const f = r.files.find((x) => x.path === p);
  if (!f) throw new Error(`no ${p} among ${r.files.map((x) => x.path).join(', ')}`);
  return decode(f.content);
};
const all = (r: BuildResult, ext: string) =>
  r.files
    .filter((f) => f.path.endsWith(ext))
    .map((f) => decode(f.content))
    .join('\n');
const failure = (run: Promise<unknown>) =>
  run.then(
    () => {
      throw new Error('the build was expected to fail');
    },
    (e: unknown) => e as BuildError,
  );

let registry: Awaited<ReturnType<typeof startNpmRegistry>>;
let npm: NpmResolver;
beforeAll(async () => {
  const versioned = (version: string) => ({
    name: 'trail-units',
    version,
    files: {
      'package.json': JSON.stringify({
        name: 'trail-units',
        version,
        type: 'module',
        main: 'index.js',
      }),
      'index.js': `export const unitsVersion = ${JSON.stringify(`units v${version}`)};`,
    },
  });
  registry = await startNpmRegistry([
    versioned('1.0.1'),
    versioned('1.4.0'),
    { ...versioned('3.3.0'), latest: true },
  ]);
  npm = createNpmResolver({
    registry: registry.url,
    cacheDir: mkdtempSync(path.join(tmpdir(), 'project-npm-')),
  });
});
afterAll(() => registry.close());

describe('class 1: a project folder builds like a project', () => {
  it('bundles the module script a Vite page names, with its alias, CSS, image, JSON, env and public/', async () => {
    const r = await builder.build(sample('42-vite-trail-planner'));
    const html = file(r, 'index.html');
    expect(html).toContain('<title>Trail Planner</title>');
    expect(html).not.toContain('/src/main.jsx');
    expect(html).toMatch(/<script type="module" src="\.\/assets\/app-[\w-]+\.js"><\/script>/);
    expect(html).toMatch(/<link rel="stylesheet" href="\.\/assets\/app-[\w-]+\.css">/);
    expect(r.manifest.detected).toBe('project-jsx');
    // public/ at the root; the image import emitted and referenced; JSON and .env inlined
    expect(file(r, 'boot.svg')).toContain('<svg');
    expect(r.files.some((f) => /^assets\/mountain-\w+\.svg$/.test(f.path))).toBe(true);
    const js = all(r, '.js');
    expect(js).toContain('Fern Gully bridge');
    expect(js).toContain('Plan your next hike, one stop at a time');
    expect(js).toMatch(/assets\/mountain-\w+\.svg/);
    // plain CSS and a CSS module, without Tailwind's reset added to a project that has none
    const css = all(r, '.css');
    expect(css).toContain('#f7fee7');
    expect(css).toContain('list-style:none');
    expect(css).not.toContain('--tw-');
    // the project's own sources and secrets stay private
    expect(r.files.map((f) => f.path)).not.toEqual(expect.arrayContaining(['src/App.jsx']));
    for (const hidden of ['src/App.css', 'package.json', '.env.production', 'vite.config.js'])
      expect(r.files.map((f) => f.path)).not.toContain(hidden);
  });

  it('gives an AI Studio export its entry and drops the import map entries the bundle replaces', async () => {
    const r = await builder.build(sample('43-ai-studio-export'));
    const html = file(r, 'index.html');
    expect(html).toMatch(/<script type="module" src="\.\/assets\/app-[\w-]+\.js"><\/script>/);
    expect(html).not.toContain('importmap');
    expect(html).not.toContain('esm.sh');
    expect(html).not.toContain('cdn.tailwindcss.com');
    // the Play CDN compiled for the classes of the components, with the page's own config
    const css = all(r, '.css');
    expect(css).toMatch(/\.bg-leaf-700\{[^}]*background-color:rgb\(21 128 61/);
    expect(css).toContain('.ring-leaf-500\\/20');
    expect(all(r, '.js')).toContain('Log a session');
    expect(r.manifest.detected).toBe('project-tsx');
  });

  it("compiles a Claude Code project's CSS with Tailwind: its directives, @apply and config colours", async () => {
    const r = await builder.build(sample('44-claude-code-reading-log'));
    const css = all(r, '.css');
    expect(css).not.toMatch(/@tailwind|@apply/);
    expect(css).toMatch(/\.book-card\{[^}]*border-radius/);
    expect(css).toMatch(/\.bg-ink\{[^}]*background-color:rgb\(30 27 75/);
    expect(css).toMatch(/body\{[^}]*background-color:rgb\(255 251 235/);
    // ~/lib/books through tsconfig.app.json's paths (JSON with comments and a trailing comma)
    expect(all(r, '.js')).toContain('The Left Hand of Darkness');
  });

  it("takes a long-tail package at the range package.json asks for, not npm's latest", async () => {
    const project = {
      'index.html':
        '<!doctype html><div id="root"></div><script type="module" src="/src/main.jsx"></script>',
      'package.json': JSON.stringify({ dependencies: { 'trail-units': '^1.0.1' } }),
      'src/main.jsx': `import { createRoot } from 'react-dom/client';
import { unitsVersion } from 'trail-units';
createRoot(document.getElementById('root')).render(<p>{unitsVersion}</p>);`,
    };
    const r = await builder.build(zip(project), { resolvePackage: npm });
    expect(r.manifest.packages['trail-units']).toBe('1.4.0');
    expect(all(r, '.js')).toContain('units v1.4.0');
    // an import map's esm.sh URL says the version just as well
    const mapped = await builder.build(
      zip({
        ...project,
        'package.json': '{}',
        'index.html': `<!doctype html><script type="importmap">{"imports":{"trail-units":"https://esm.sh/trail-units@~1.0.0"}}</script><div id="root"></div><script type="module" src="/src/main.jsx"></script>`,
      }),
      { resolvePackage: npm },
    );
    expect(mapped.manifest.packages['trail-units']).toBe('1.0.1');
    expect(file(mapped, 'index.html')).not.toContain('esm.sh');
  });

  it('builds a Create React App folder: its public/ page, JSX in .js files, %PUBLIC_URL%', async () => {
    const r = await builder.build(
      zip({
        'public/index.html':
          '<!DOCTYPE html><html><head><link rel="icon" href="%PUBLIC_URL%/favicon.ico"><title>Tide Clock</title></head><body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>',
        'public/favicon.ico': 'icon',
        'src/index.js': `import React from 'react';
import ReactDOM from 'react-dom/client';
import App from './App';
ReactDOM.createRoot(document.getElementById('root')).render(<App />);`,
        'src/App.js': `export default function App() { return <h1>High tide at 14:05</h1>; }`,
        'server/schema.sql': 'create table tides (at text);',
        'package.json': JSON.stringify({ dependencies: { 'react-scripts': '5.0.1' } }),
      }),
    );
    const html = file(r, 'index.html');
    expect(html).toContain('<title>Tide Clock</title>');
    expect(html).toContain('href="/favicon.ico"');
    expect(html).toMatch(
      /<script type="module" src="\.\/assets\/app-[\w-]+\.js"><\/script>\n<\/body>/,
    );
    expect(file(r, 'favicon.ico')).toBe('icon');
    expect(all(r, '.js')).toContain('High tide at 14:05');
    // what sits beside public/ is source, never published as it is
    expect(r.files.map((f) => f.path)).not.toContain('server/schema.sql');
  });

  it('still serves a prebuilt dist/ folder as the static site it is', async () => {
    const r = await builder.build(
      zip({
        'dist/index.html':
          '<!doctype html><div id="root"></div><script type="module" src="/assets/index-Bx1.js"></script>',
        'dist/assets/index-Bx1.js': 'document.getElementById("root").textContent = "Built";',
      }),
    );
    expect(r.manifest.detected).toBe('static-site');
    expect(file(r, 'index.html')).toContain('/assets/index-Bx1.js');
  });
});

describe('class 2: every specifier a person writes resolves', () => {
  it('reads a URL import as the package at its version (jsDelivr file, esm.sh)', async () => {
    const r = await builder.build(
      {
        kind: 'code',
        source: `import _ from 'https://cdn.jsdelivr.net/npm/lodash@4.17.21/lodash.min.js';
import { unitsVersion } from 'https://esm.sh/trail-units@1.0.1';
export default function App() { return <p>{_.capitalize('trail')} {unitsVersion}</p>; }`,
      },
      { resolvePackage: npm },
    );
    expect(r.manifest.packages['trail-units']).toBe('1.0.1');
    expect(r.manifest.packages.lodash).toBeDefined();
    expect(all(r, '.js')).toContain('units v1.0.1');
  });

  it('falls back to the kit for ../components/ui/<name> and ../lib/utils, and finds @/data in the upload', async () => {
    const r = await builder.build(sample('46-relative-kit-quiz'));
    const js = all(r, '.js');
    expect(js).toContain('Which planet has the shortest day?');
    expect(r.logs.filter((l) => l.level === 'error')).toEqual([]);
    // a relative kit import in a single paste too
    const paste = await builder.build({
      kind: 'code',
      source: `import { Button } from '../components/ui/button';
export default function App() { return <Button>Go</Button>; }`,
    });
    expect(file(paste, 'index.html')).toContain('assets/app-');
  });

  it("takes the upload's own @/components/ui file before the kit's", async () => {
    const r = await builder.build(
      zip({
        'src/App.jsx': `import { Button } from '@/components/ui/button';
export default function App() { return <Button>Book a table</Button>; }`,
        'src/components/ui/button.jsx': `export function Button({ children }) {
  return <button data-made-by="the-project">{children}</button>;
}`,
        'README.md': '# Bistro',
      }),
    );
    expect(all(r, '.js')).toContain('the-project');
  });

  it("names the person's own file and the fix when an import has no file", async () => {
    const pasted = await failure(
      builder.build({
        kind: 'code',
        source: `import questions from './data/questions.json';
export default function App() { return <p>{questions.length}</p>; }`,
      }),
    );
    expect(pasted).toBeInstanceOf(BuildError);
    expect(pasted.message).toContain('Your code imports "./data/questions.json"');
    expect(pasted.message).toContain('upload a .zip with it');
    expect(pasted.message).not.toContain('App.jsx');
    const aliased = await failure(
      builder.build({
        kind: 'code',
        source: `import questions from '@/data/questions.json';
export default function App() { return <p>{questions.length}</p>; }`,
      }),
    );
    expect(aliased.message).toContain('upload a .zip with it');
    expect(aliased.message).not.toContain('component kit');
    const uploaded = await failure(
      builder.build(
        zip({
          'src/App.jsx': `import rows from '@/data/rows.json';
export default function App() { return <p>{rows.length}</p>; }`,
          'README.md': '# Rows',
        }),
      ),
    );
    expect(uploaded.message).toContain('"src/App.jsx" imports "@/data/rows.json"');
    expect(uploaded.message).toContain('data/rows.json and src/data/rows.json');
  });

  it('names the file of an upload a mistake is in, not the entry that imports it', async () => {
    const err = await failure(
      builder.build(
        zip({
          'index.html': '<div id="root"></div><script type="module" src="/src/main.jsx"></script>',
          'src/main.jsx': `import { createRoot } from 'react-dom/client';
import App from './App';
createRoot(document.getElementById('root')).render(<App />);`,
          'src/App.jsx': `export default function App() {
  return <h2>Tide</h3>;
}`,
        }),
      ),
    );
    expect(err.message).toContain('There is a mistake in src/App.jsx on line 2');
    expect(err.message).not.toContain('src/main.jsx');
    expect(err.location).toMatchObject({ file: 'src/App.jsx', line: 2 });
  });

  it('imports a file as text with ?raw and as its address with ?url', async () => {
    const r = await builder.build(
      zip({
        'App.jsx': `import poem from './poem.txt?raw';
import logoUrl from './logo.svg?url';
import notes from './notes.md?url';
export default function App() { return <main><pre>{poem}</pre><img src={logoUrl} /><a href={notes}>notes</a></main>; }`,
        'poem.txt': 'Roses are red, the trail is long',
        'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
        'notes.md': '# Notes',
      }),
    );
    const js = all(r, '.js');
    expect(js).toContain('Roses are red, the trail is long');
    expect(js).toMatch(/assets\/logo-\w+\.svg/);
    expect(js).toMatch(/assets\/notes-\w+\.md/);
  });
});

describe('class 3: a page is found wherever it is', () => {
  it("is the zip's root page, whatever its name, beside the .jsx files it loads", () => {
    const files = new Map(
      Object.entries({
        '/planner.html': '<script type="text/babel" src="App.jsx"></script>',
        '/App.jsx': 'function App() { return <p/>; }',
        '/components/Item.jsx': 'function Item() { return <li/>; }',
      }).map(([p, t]) => [p, new TextEncoder().encode(t)]),
    );
    expect(findStaticPage(files)).toBe('/planner.html');
  });

  it('is a page in a folder whose scripts load .jsx files from outside it', () => {
    const files = new Map(
      Object.entries({
        '/site/page.html': '<script type="text/babel" src="../components/Card.jsx"></script>',
        '/components/Card.jsx': 'function Card() { return <p/>; }',
      }).map(([p, t]) => [p, new TextEncoder().encode(t)]),
    );
    expect(findStaticPage(files)).toBe('/site/page.html');
  });

  it('builds a root page with babel scripts as the static site it is, its scripts in order', async () => {
    const r = await build(sample('47-root-page-babel-jsx'));
    expect(r.manifest.detected).toBe('static-site');
    const html = file(r, 'index.html');
    expect(html).toContain('Packing List');
    expect(html).not.toContain('text/babel');
    const scripts = [
      ...html.matchAll(/<script defer src="\.\/(assets\/inline-\w+\.js)"><\/script>/g),
    ];
    expect(scripts).toHaveLength(3);
    expect(file(r, scripts[0]![1]!)).toContain('label');
    expect(file(r, scripts[2]![1]!)).toContain('createRoot');
  });
});
