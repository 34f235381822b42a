import { describe, expect, it } from 'vitest';
import { makeZip } from '../../../test/builder-corpus';
import { build, type BuildResult } from '../index';
import { compilePlayCdn, findTailwindConfig, readTailwindConfig } from './tailwind-play';

describe('Tailwind Play CDN at build time', () => {
  it('reads tailwind.config as data, numeric keys and comments included', () => {
    const script = `// theme\ntailwind.config = { darkMode: 'class', theme: { extend: { colors: { brand: { 50: '#fff', 500: "#14b8a6" } } } }, /* } */ }\nconsole.log('}')`;
    expect(findTailwindConfig(script)).toMatch(/^\{ darkMode[\s\S]*\/\* \} \*\/ \}$/);
    expect(readTailwindConfig([script]).config).toEqual({
      darkMode: 'class',
      theme: { extend: { colors: { brand: { 50: '#fff', 500: '#14b8a6' } } } },
    });
  });
  it('uses the default theme, and says why, when the config computes values', () => {
    const read = readTailwindConfig([
      'tailwind.config = { theme: { extend: { spacing: sizes() } } }',
    ]);
    expect(read.config).toEqual({});
    expect(read.problem).toMatch(/computes a value/);
  });
  it('gives each page only its own classes when pages share a config', async () => {
    const config = { theme: { extend: { colors: { brand: { 500: '#123456' } } } } };
    const first = await compilePlayCdn('<p class="p-4 bg-brand-500">', config, '');
    const second = await compilePlayCdn('<p class="m-2 underline">', config, '');
    expect(first).toContain('.bg-brand-500');
    expect(second).toContain('.underline');
    expect(second).not.toContain('.p-4');
    expect(second).not.toContain('.bg-brand-500');
    expect(second).toContain('box-sizing: border-box');
    expect(await compilePlayCdn('<p class="p-4 bg-brand-500">', config, '')).toBe(first);
  });
});

describe('the Play CDN compiled from everything the page runs', () => {
  const cssOf = (r: BuildResult) =>
    r.files
      .filter((f) => /^assets\/tailwind-.*\.css$/.test(f.path))
      .map((f) => new TextDecoder().decode(f.content))
      .join('\n');

  it('styles classes that appear only inside its text/babel blocks', async () => {
    const r = await build({
      kind: 'html',
      source: `<!doctype html><html><head><script src="https://cdn.tailwindcss.com"></script></head>
<body><div id="root"></div>
<script type="text/babel">
function App() { return <h1 className="bg-fuchsia-700 tracking-widest">Hi</h1>; }
ReactDOM.createRoot(document.getElementById('root')).render(<App />);
</script></body></html>`,
    });
    const css = cssOf(r);
    expect(css).toContain('.bg-fuchsia-700');
    expect(css).toContain('.tracking-widest');
  });

  it("styles classes that appear only in the site's own .js and .jsx files", async () => {
    const zip = makeZip([
      {
        name: 'index.html',
        data: Buffer.from(`<!doctype html><html><head><script src="https://cdn.tailwindcss.com"></script>
<script src="config.js"></script></head><body><div id="root"></div>
<script src="helpers.js"></script><script type="text/babel" src="app.jsx"></script></body></html>`),
      },
      {
        name: 'config.js',
        data: Buffer.from(
          "tailwind.config = { theme: { extend: { colors: { moss: '#4a5d23' } } } };",
        ),
      },
      { name: 'helpers.js', data: Buffer.from("window.badge = 'rounded-full ring-4';") },
      {
        name: 'app.jsx',
        data: Buffer.from(
          'ReactDOM.createRoot(document.getElementById(\'root\')).render(<p className="text-moss underline">x</p>);',
        ),
      },
    ]);
    const css = cssOf(await build({ kind: 'zip', source: zip }));
    expect(css).toContain('.ring-4');
    expect(css).toContain('.underline');
    // the config in the site's own script applies too
    expect(css).toMatch(/\.text-moss\s*\{[^}]*74 93 35/);
  });
});
