import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import postcss from 'postcss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeZip } from '../../test/builder-corpus';
import { startNpmRegistry } from '../../test/npm-registry';
import { build, createBuilder, type BuildResult } from './index';
import { createNpmResolver } from './npm/resolver';
import { LUCIDE_BRAND_RELEASE } from './lucide';

const decode = (b: Uint8Array) => new TextDecoder().decode(b);
const builder = createBuilder();
afterAll(() => builder.dispose());

function css(r: BuildResult): string {
  return r.files
    .filter((f) => f.path.endsWith('.css'))
    .map((f) => decode(f.content))
    .join('\n');
}

function js(r: BuildResult): string {
  return r.files
    .filter((f) => f.path.endsWith('.js') && !/runtime-|error-card-/.test(f.path))
    .map((f) => decode(f.content))
    .join('\n');
}

/** Every class a stylesheet has a rule for, read from its selectors as a browser would. */
function classesWithRules(stylesheet: string): Set<string> {
  const out = new Set<string>();
  postcss.parse(stylesheet).walkRules((rule) => {
    for (const m of rule.selector.matchAll(/\.((?:\\.|[\w-])+)/g))
      out.add(m[1]!.replace(/\\(.)/g, '$1'));
  });
  return out;
}

function missingRules(r: BuildResult, classes: string): string[] {
  const have = classesWithRules(css(r));
  return classes.split(/\s+/).filter((c) => c && !have.has(c));
}

describe('kit styles', () => {
  it('gives a default <Button> every class it renders', async () => {
    const r = await build({
      kind: 'code',
      source: `import { Button } from '@/components/ui/button';
import { Plus } from 'lucide-react';
export default function App() {
  return <main className="p-8"><Button><Plus className="mr-2 h-4 w-4" />Add item</Button></main>;
}`,
    });
    expect(
      missingRules(
        r,
        'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium ring-offset-background transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 bg-primary text-primary-foreground hover:bg-primary/90 h-10 px-4 py-2',
      ),
    ).toEqual([]);
  });

  it('styles the Button and Badge variants the page names, and not the others', async () => {
    const r = await build({
      kind: 'code',
      source: `import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
export default function App({ done }) {
  return <main><Button variant="outline" size="icon">+</Button><Badge variant={done ? 'secondary' : 'default'}>3</Badge></main>;
}`,
    });
    expect(
      missingRules(
        r,
        'border border-input bg-background hover:bg-accent hover:text-accent-foreground h-10 w-10 bg-secondary text-secondary-foreground hover:bg-secondary/80 bg-primary hover:bg-primary/80',
      ),
    ).toEqual([]);
    const have = classesWithRules(css(r));
    // destructive and link: named by neither the page nor the kit files it uses
    expect(have.has('bg-destructive')).toBe(false);
    expect(have.has('underline-offset-4')).toBe(false);
  });

  it('keeps a variant that only a kit file asks for (an AlertDialog’s Cancel is an outline button)', async () => {
    const r = await build({
      kind: 'code',
      source: `import { AlertDialog, AlertDialogContent, AlertDialogCancel } from '@/components/ui/alert-dialog';
export default function App() {
  return <AlertDialog defaultOpen><AlertDialogContent><AlertDialogCancel>Keep</AlertDialogCancel></AlertDialogContent></AlertDialog>;
}`,
    });
    expect(missingRules(r, 'border-input hover:bg-accent hover:text-accent-foreground')).toEqual(
      [],
    );
  });

  it("plays the kit's enter and exit animations only on pages whose classes play them", async () => {
    const plain = await build({
      kind: 'code',
      source: `export default function App() { return <p className="p-4">Hello</p>; }`,
    });
    expect(css(plain)).not.toMatch(/@keyframes (enter|exit)/);
    const dialog = await build({
      kind: 'code',
      source: `import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
export default function App() {
  return <Dialog defaultOpen><DialogContent><DialogTitle>Hi</DialogTitle></DialogContent></Dialog>;
}`,
    });
    expect(css(dialog)).toMatch(/@keyframes enter/);
    expect(css(dialog)).toMatch(/@keyframes exit/);
  });

  it('makes no rule of a called method’s name, and one of the same word in a class', async () => {
    const r = await build({
      kind: 'code',
      source: `export default function App() {
  const items = [1, 2, 3].filter((n) => n > 1);
  return <ul className="grayscale">{items.map((n) => <li key={n}>{n}</li>)}</ul>;
}`,
    });
    const have = classesWithRules(css(r));
    expect(have.has('filter')).toBe(false);
    expect(have.has('grayscale')).toBe(true);
  });

  it('gives an open <Dialog> its overlay and centred content', async () => {
    const r = await build({
      kind: 'code',
      source: `import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
export default function App() {
  return <Dialog defaultOpen><DialogContent><DialogHeader><DialogTitle>Invite</DialogTitle></DialogHeader></DialogContent></Dialog>;
}`,
    });
    expect(
      missingRules(
        r,
        'fixed inset-0 z-50 bg-black/80 left-[50%] top-[50%] grid w-full max-w-lg translate-x-[-50%] translate-y-[-50%] gap-4 border bg-background p-6 shadow-lg sm:rounded-lg absolute right-4 top-4 rounded-sm opacity-70 flex flex-col space-y-1.5 text-center sm:text-left text-lg font-semibold leading-none tracking-tight',
      ),
    ).toEqual([]);
  });
});

describe('tolerances', () => {
  it('defines import.meta.env as Vite does, unknown keys undefined', async () => {
    const r = await build({
      kind: 'code',
      source: `export default function App() {
  const api = import.meta.env.VITE_API_URL ?? 'none';
  return <p>{import.meta.env.MODE} {String(import.meta.env.PROD)} {import.meta.env.BASE_URL} {api}</p>;
}`,
    });
    const code = js(r);
    expect(code).not.toContain('import.meta');
    expect(code).toContain('"production"');
    expect(code).toMatch(/PROD:!0/);
  });

  it('gives `import d3 from "d3"` the namespace, though d3 has no default export', async () => {
    const r = await build({
      kind: 'code',
      source:
        "import d3 from 'd3';\nimport { max } from 'd3';\nexport default () => <p>{d3.sum([1, 2])} {max([3, 4])}</p>;",
    });
    expect(r.manifest.packages['d3-array']).toMatch(/^\d+\./);
  });

  it('generates the Tailwind v4 scale values v3 lacks', async () => {
    const classes =
      'h-18 w-18 size-18 size-13 gap-4.5 p-7.5 mt-22 min-h-120 z-60 grid-cols-16 col-span-14 bg-black/15 shadow-xs rounded-xs bg-linear-to-r';
    const r = await build({
      kind: 'code',
      source: `export default () => <div className="${classes} from-sky-500 to-indigo-500">Scale</div>;`,
    });
    expect(missingRules(r, classes)).toEqual([]);
  });

  it('serves a default favicon, and the artifact’s own when it has one', async () => {
    const r = await build({ kind: 'code', source: 'export default () => <p>hi</p>;' });
    const icon = r.files.find((f) => f.path === 'favicon.ico');
    expect(icon?.contentType).toMatch(/icon/);
    expect([...icon!.content.slice(0, 4)]).toEqual([0, 0, 1, 0]);

    const own = Buffer.from('their own icon');
    const zipped = await build({
      kind: 'zip',
      source: makeZip([
        { name: 'App.jsx', data: Buffer.from('export default () => <p>hi</p>;') },
        { name: 'favicon.ico', data: own },
      ]),
    });
    const theirs = zipped.files.filter((f) => f.path === 'favicon.ico');
    expect(theirs).toHaveLength(1);
    expect(Buffer.from(theirs[0]!.content).equals(own)).toBe(true);
  });
});

describe('brand icons lucide-react 1.x removed', () => {
  let registry: Awaited<ReturnType<typeof startNpmRegistry>>;
  beforeAll(async () => {
    // the old release's layout: an index re-exporting each icon module
    registry = await startNpmRegistry([
      {
        name: 'lucide-react',
        version: LUCIDE_BRAND_RELEASE,
        latest: false,
        files: {
          'dist/esm/lucide-react.js':
            "export { default as Github, default as GithubIcon, default as LucideGithub } from './icons/github.js';\n",
          'dist/esm/icons/github.js': `import createLucideIcon from '../createLucideIcon.js';
const __iconNode = [["path", { d: "M3 3h18v18H3z-brand-test", key: "k1" }]];
const Github = createLucideIcon("github", __iconNode);
export { __iconNode, Github as default };
`,
        },
      },
      { name: 'lucide-react', version: '1.75.0', latest: true, files: {} },
    ]);
  });
  afterAll(() => registry.close());

  it('takes Github from the last release that had it, through the package cache', async () => {
    const resolvePackage = createNpmResolver({
      registry: registry.url,
      cacheDir: mkdtempSync(path.join(tmpdir(), 'npm-')),
    });
    const r = await build(
      {
        kind: 'code',
        source:
          "import { Github, Mail, Gitlab } from 'lucide-react';\nexport default () => <p><Github/><Mail/><Gitlab/></p>;",
      },
      { resolvePackage },
    );
    const code = js(r);
    expect(code).toContain('M3 3h18v18H3z-brand-test');
    expect(r.warnings.join('\n')).not.toMatch(/Github/);
    // not in that release either: a placeholder, named in the log
    expect(r.warnings.join('\n')).toMatch(/Gitlab/);
    expect(r.logs.map((l) => l.message).join('\n')).toContain(
      `Icon Github taken from lucide-react ${LUCIDE_BRAND_RELEASE}`,
    );
  });

  it('shows a placeholder with a warning when the registry cannot be reached', async () => {
    const r = await build({
      kind: 'code',
      source: "import { Twitter } from 'lucide-react';\nexport default () => <Twitter/>;",
    });
    expect(r.warnings.join('\n')).toMatch(/Twitter/);
  });
});

describe('one light bundle', () => {
  it('makes one module and no import map for a single file, kept warm between builds', async () => {
    const source = `import { useState } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { format } from 'date-fns';
export default function App() {
  const [n, setN] = useState(0);
  return <Card><CardContent onClick={() => setN(n + 1)}>{format(new Date(0), 'yyyy')} {n}</CardContent></Card>;
}`;
    const first = await builder.build({ kind: 'code', source });
    const again = await builder.build({ kind: 'code', source: source.replace('yyyy', 'yy') });
    for (const r of [first, again]) {
      const modules = r.files.filter(
        (f) => f.path.endsWith('.js') && !/runtime-|error-card-/.test(f.path),
      );
      expect(modules).toHaveLength(1);
      const html = decode(r.files.find((f) => f.path === 'index.html')!.content);
      expect(html).not.toContain('importmap');
      expect(html).not.toContain('modulepreload');
    }
    expect(first.manifest.packages['date-fns']).toMatch(/^\d+\./);
    expect(js(first)).not.toBe(js(again));
  });

  it('splits code only where the artifact itself imports lazily', async () => {
    const r = await builder.build({
      kind: 'zip',
      source: makeZip([
        {
          name: 'App.jsx',
          data: Buffer.from(`import { lazy, Suspense } from 'react';
const Chart = lazy(() => import('./Chart.jsx'));
export default () => <Suspense fallback={<p>…</p>}><Chart /></Suspense>;`),
        },
        { name: 'Chart.jsx', data: Buffer.from('export default () => <p>chart</p>;') },
      ]),
    });
    const modules = r.files.filter(
      (f) => f.path.endsWith('.js') && !/runtime-|error-card-/.test(f.path),
    );
    expect(modules.length).toBeGreaterThan(1);
  });
});

describe('the page runtime', () => {
  const html = (r: BuildResult) => decode(r.files.find((f) => f.path === 'index.html')!.content);

  it('is left out of a page whose code never uses window.storage, claude or fs', async () => {
    const r = await build({
      kind: 'code',
      source: 'export default function App() { return <h1 className="p-4">Hello</h1>; }',
    });
    expect(r.files.map((f) => f.path).filter((p) => p.includes('runtime'))).toEqual([]);
    expect(html(r)).not.toContain('runtime');
  });

  it('loads first, before the module, with the API the code uses', async () => {
    const r = await build({
      kind: 'code',
      source: `export default function App() {
  const save = () => window.storage.set('k', 'v');
  return <button onClick={save}>Save</button>;
}`,
    });
    const runtime = r.files.find((f) => /^assets\/runtime-\w+\.js$/.test(f.path));
    expect(runtime).toBeDefined();
    const page = html(r);
    expect(page.indexOf(runtime!.path)).toBeLessThan(page.indexOf('type="module"'));
    // only the API the code uses travels
    expect(decode(runtime!.content)).toContain('/__storage');
    expect(decode(runtime!.content)).not.toContain('window.claude');
  });

  it("carries Anthropic's fetch route only for pages that name its URL, window.claude only for pages that name it", async () => {
    /** What the page's runtime puts on a window: the APIs it adds, and whether it wraps fetch. */
    const installs = async (source: string) => {
      const r = await build({ kind: 'code', source });
      const runtime = r.files.find((f) => /^assets\/runtime-\w+\.js$/.test(f.path))!;
      const pageFetch = () => Promise.resolve(new Response('{}'));
      const window: Record<string, unknown> = { fetch: pageFetch };
      runInNewContext(decode(runtime.content), { window, fetch: pageFetch, Response });
      return { claude: 'claude' in window, fetchWrapped: window.fetch !== pageFetch };
    };
    expect(
      await installs(`export default function App() {
  return <button onClick={() => window.claude.complete('hi')}>Ask</button>;
}`),
    ).toEqual({ claude: true, fetchWrapped: false });
    expect(
      await installs(`export default function App() {
  const ask = () => fetch('https://api.anthropic.com/v1/messages', { method: 'POST', body: '{}' });
  return <button onClick={ask}>Ask</button>;
}`),
    ).toEqual({ claude: false, fetchWrapped: true });
  });

  it('is injected into an HTML page whose script uses window.claude', async () => {
    const page = (source: string) =>
      build({ kind: 'code', source, hint: 'html' }).then((r) => html(r));
    expect(await page('<!doctype html><h1>Plain</h1>')).not.toContain('runtime');
    expect(
      await page(
        '<!doctype html><html><head></head><body><script>window.claude.complete("hi")</script></body></html>',
      ),
    ).toMatch(/<head>\s*<script src="\.\/assets\/runtime-\w+\.js"><\/script>/);
  });
});
