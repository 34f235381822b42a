import { describe, expect, it } from 'vitest';
import { build, BuildError, SITE_RUNTIME_ENDPOINTS } from './index';

const text = (r: Awaited<ReturnType<typeof build>>, p: string) =>
  new TextDecoder().decode(r.files.find((f) => f.path === p)!.content);

describe('build()', () => {
  it('builds code with no export and no React import, using React.useState', async () => {
    const r = await build({
      kind: 'code',
      source:
        'function App() {\n  const [n, setN] = React.useState(0);\n  return <button className="p-4" onClick={() => setN(n + 1)}>{n}</button>;\n}\n',
    });
    expect(r.manifest.detected).toBe('react-jsx');
    expect(r.manifest.packages.react).toMatch(/^\d+\./);
    const html = text(r, 'index.html');
    expect(html).not.toContain('importmap');
    expect(html.match(/<script type="module"/g)).toHaveLength(1);
    const css = r.files.find((f) => f.path.endsWith('.css'))!;
    expect(new TextDecoder().decode(css.content)).toContain('.p-4');
    expect(r.logs.map((l) => l.step)).toEqual(
      expect.arrayContaining(['detect', 'bundle', 'styles', 'output']),
    );
  });
  it('renders a placeholder and warns for an unknown lucide icon', async () => {
    const r = await build({
      kind: 'code',
      source:
        "import { Github, Home } from 'lucide-react';\nexport default () => <div><Github/><Home/></div>;",
    });
    expect(r.warnings.join()).toMatch(/Github/);
  });
  it('reports a syntax error with line and column', async () => {
    const err = await build({
      kind: 'code',
      source: 'export default function App() {\n  return <div><h2>x</h3></div>;\n}',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BuildError);
    expect((err as BuildError).location?.line).toBe(2);
    expect((err as BuildError).message).toMatch(/line 2/);
  });
  it('stubs Node built-ins with a warning and shims next/link', async () => {
    const r = await build({
      kind: 'code',
      source:
        "import path from 'path';\nimport Link from 'next/link';\nexport default () => <Link href='/a'>{path.sep}</Link>;",
    });
    expect(r.warnings.join()).toMatch(/"path" is a Node.js module/);
  });
  it('precompiles text/babel and drops Babel', async () => {
    const html =
      '<!doctype html><html><head><script src="https://unpkg.com/@babel/standalone/babel.min.js"></script></head><body><div id="root"></div><script type="text/babel">const A = () => <b>hi</b>;</script></body></html>';
    const r = await build({ kind: 'html', source: html });
    const out = text(r, 'index.html');
    expect(out).not.toContain('babel.min.js');
    expect(out).not.toContain('text/babel');
  });
  it('wraps a fragment into a full document', async () => {
    const r = await build({ kind: 'html', source: '<h1>Hello</h1><script>1</script>' });
    expect(text(r, 'index.html')).toMatch(/<!doctype html>[\s\S]*<body>[\s\S]*<h1>Hello/);
  });
  it('exports the site runtime endpoints', () => {
    expect(SITE_RUNTIME_ENDPOINTS.storage).toBe('/__storage');
    expect(SITE_RUNTIME_ENDPOINTS.claudeComplete).toBe('/__claude/complete');
  });
});
