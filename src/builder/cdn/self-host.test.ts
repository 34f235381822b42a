import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeZip } from '../../../test/builder-corpus';
import { CDN_PACKAGES, LEAFLET_CSS, REACT_UMD } from '../../../test/cdn-packages';
import { startNpmRegistry } from '../../../test/npm-registry';
import { build, type BuildResult } from '../index';
import { createNpmResolver } from '../npm/resolver';

// Every CDN below is answered by a loopback npm registry with the stand-in packages of
// test/cdn-packages.ts: the builder must find each file as the CDN would, and serve the very
// same bytes itself.
const sri = (algo: string, text: string | Uint8Array) =>
  `${algo}-${createHash(algo).update(text).digest('base64')}`;
const text = (r: BuildResult, p: string) =>
  new TextDecoder().decode(r.files.find((f) => f.path === p)?.content);
const page = (r: BuildResult) => text(r, 'index.html');

describe('CDN links served by the site', () => {
  let registry: Awaited<ReturnType<typeof startNpmRegistry>>;
  let opts: { resolvePackage: ReturnType<typeof createNpmResolver> };
  beforeAll(async () => {
    registry = await startNpmRegistry(CDN_PACKAGES);
    opts = {
      resolvePackage: createNpmResolver({
        registry: registry.url,
        cacheDir: mkdtempSync(path.join(tmpdir(), 'cdn-')),
      }),
    };
  });
  afterAll(() => registry.close());

  it('points unpkg, jsDelivr, cdnjs and d3js.org scripts at byte-identical local copies', async () => {
    const r = await build(
      {
        kind: 'html',
        source: `<!doctype html><html><head>
<script crossorigin src="https://unpkg.com/react@18/umd/react.production.min.js" integrity="${sri('sha384', REACT_UMD)}"></script>
<script src="https://cdn.jsdelivr.net/npm/chart.js@4.4.1"></script>
<script src="https://cdnjs.cloudflare.com/ajax/libs/three.js/r128/three.min.js"></script>
<script src="https://d3js.org/d3.v7.min.js"></script>
</head><body><h1>Hi</h1></body></html>`,
      },
      opts,
    );
    const html = page(r);
    expect(html).not.toMatch(/unpkg|jsdelivr|cdnjs|d3js\.org/);
    expect(text(r, 'assets/cdn/react@18.3.1/umd/react.production.min.js')).toBe(REACT_UMD);
    expect(html).toContain(
      `src="./assets/cdn/react@18.3.1/umd/react.production.min.js" integrity="${sri('sha384', REACT_UMD)}"`,
    );
    expect(text(r, 'assets/cdn/chart.js@4.4.1/dist/chart.umd.js')).toContain('window.Chart');
    expect(text(r, 'assets/cdn/three@0.128.0/build/three.min.js')).toContain('THREE');
    expect(text(r, 'assets/cdn/d3@7.9.0/dist/d3.min.js')).toContain('d3');
    expect(r.logs.some((l) => l.message.includes('react@18.3.1/umd/react.production.min.js'))).toBe(
      true,
    );
  });

  it('brings the files a stylesheet names along, and keeps integrity only when the bytes match', async () => {
    const r = await build(
      {
        kind: 'html',
        source: `<!doctype html><html><head>
<link rel="preconnect" href="https://unpkg.com">
<link rel="stylesheet" href="https://unpkg.com/leaflet@1.9.4/dist/leaflet.css" integrity="${sri('sha256', LEAFLET_CSS)}" crossorigin="">
<script src="https://cdnjs.cloudflare.com/ajax/libs/lodash.js/4.17.21/lodash.min.js" integrity="sha512-doesnotmatch" crossorigin="anonymous"></script>
</head><body><h1>Map</h1></body></html>`,
      },
      opts,
    );
    const html = page(r);
    expect(html).not.toContain('preconnect');
    expect(html).toContain(`integrity="${sri('sha256', LEAFLET_CSS)}"`);
    const paths = r.files.map((f) => f.path);
    expect(paths).toContain('assets/cdn/leaflet@1.9.4/dist/images/marker-icon.png');
    expect(paths).toContain('assets/cdn/leaflet@1.9.4/dist/images/layers.png');
    // not named in the CSS, but Leaflet's script loads it from beside marker-icon.png
    expect(paths).toContain('assets/cdn/leaflet@1.9.4/dist/images/marker-shadow.png');
    // lodash.min.js is not in the package: it is minified from lodash.js, so integrity must go
    expect(html).toMatch(/src="\.\/assets\/cdn\/lodash@4\.17\.21\/lodash\.min\.js" crossorigin/);
    expect(html).not.toContain('doesnotmatch');
    expect(text(r, 'assets/cdn/lodash@4.17.21/lodash.min.js').length).toBeLessThan(45);
  });

  it('turns Google Fonts links and @imports into Fontsource fonts served by the site', async () => {
    const r = await build(
      {
        kind: 'html',
        source: `<!doctype html><html><head>
<link rel="preconnect" href="https://fonts.gstatic.com" crossorigin>
<link href="https://fonts.googleapis.com/css?family=Lora:400,700,400italic&display=swap" rel="stylesheet">
<link href="https://fonts.googleapis.com/icon?family=Material+Icons" rel="stylesheet">
<style>@import url('https://fonts.googleapis.com/css2?family=Open+Sans:wght@600&display=swap'); body{font-family:Lora}</style>
</head><body><h1>Fonts</h1></body></html>`,
      },
      opts,
    );
    const html = page(r);
    expect(html).not.toMatch(/googleapis|gstatic/);
    for (const sheet of ['400.css', '400-italic.css', '700.css'])
      expect(html).toContain(`href="./assets/cdn/@fontsource/lora@5.1.0/${sheet}"`);
    expect(html).toContain('@import url("./assets/cdn/@fontsource/open-sans@5.1.0/600.css");');
    const paths = r.files.map((f) => f.path);
    expect(paths).toContain('assets/cdn/@fontsource/lora@5.1.0/files/lora-latin-400-italic.woff2');
    expect(paths).toContain('assets/cdn/@fontsource/open-sans@5.1.0/files/os-600.woff2');
    // icon fonts come with the class Google's stylesheet defines
    expect(html).toContain('href="./assets/cdn/@fontsource/material-icons@5.3.0/icon-class.css"');
    expect(text(r, 'assets/cdn/@fontsource/material-icons@5.3.0/icon-class.css')).toMatch(
      /\.material-icons \{[^}]*font-family: 'Material Icons'[^}]*'liga'/,
    );
  });

  it('compiles the Tailwind Play CDN with the page config, its own styles and script classes', async () => {
    const r = await build(
      {
        kind: 'html',
        source: `<!doctype html><html><head>
<script src="https://cdn.tailwindcss.com?plugins=forms,typography"></script>
<script>tailwind.config = { theme: { extend: { colors: { orbit: { 600: '#4f46e5' } } } } }</script>
<style type="text/tailwindcss">.cta { @apply rounded-xl bg-orbit-600; }</style>
</head><body class="p-4"><h1 class="text-orbit-600">Hi</h1><article class="prose"><p>Text</p></article><input type="email" class="form-input">
<script>document.body.classList.add('bg-emerald-100')</script></body></html>`,
      },
      opts,
    );
    const html = page(r);
    expect(html).not.toContain('cdn.tailwindcss.com');
    expect(html).not.toContain('text/tailwindcss');
    expect(html).toContain('window.tailwind = window.tailwind || { config: {} }');
    const sheet = /href="\.\/(assets\/tailwind-[\w]+\.css)"/.exec(html)![1]!;
    const css = text(r, sheet);
    expect(css).toMatch(/\.text-orbit-600\s*\{[^}]*79 70 229/);
    expect(css).toMatch(/\.cta\s*\{[^}]*border-radius: 0\.75rem/);
    expect(css).toContain('.bg-emerald-100');
    expect(css).toContain('.p-4');
    // the plugins the Play CDN URL asks for
    expect(css).toMatch(/\.prose\s*\{/);
    expect(css).toMatch(/\.form-input/);
  });

  it('points CDN file URLs written as strings in scripts at the local copies', async () => {
    const r = await build(
      {
        kind: 'html',
        source: `<!doctype html><html><head><title>S</title></head><body><h1>S</h1>
<script>
const s = document.createElement('script');
s.src = "https://cdnjs.cloudflare.com/ajax/libs/three.js/r128/three.min.js";
document.head.appendChild(s);
const docs = 'https://example.com/docs';
</script></body></html>`,
      },
      opts,
    );
    const html = page(r);
    expect(html).toContain('s.src = "./assets/cdn/three@0.128.0/build/three.min.js";');
    expect(html).toContain("'https://example.com/docs'");
    expect(r.files.map((f) => f.path)).toContain('assets/cdn/three@0.128.0/build/three.min.js');
  });

  it('fetches at most a fixed number of packages for one site', async () => {
    const links = Array.from(
      { length: 45 },
      (_, i) => `<script src="https://unpkg.com/pkg-${i}@1.0.0/x.js"></script>`,
    ).join('\n');
    const r = await build(
      { kind: 'html', source: `<!doctype html><html><head>${links}</head><body>x</body></html>` },
      opts,
    );
    const refused = r.warnings.filter((w) => w.includes('at most 40 packages'));
    expect(refused).toHaveLength(5);
    expect(registry.requests.filter((u) => u.startsWith('/pkg-'))).toHaveLength(40);
  });

  it('serves a cdnjs library under its npm name when no list of ours has it', async () => {
    const r = await build(
      {
        kind: 'html',
        source: `<!doctype html><html><head>
<script src="https://cdnjs.cloudflare.com/ajax/libs/matter-js/0.19.0/matter.min.js"></script>
</head><body><h1>Hi</h1></body></html>`,
      },
      opts,
    );
    expect(page(r)).toContain('src="./assets/cdn/matter-js@0.19.0/build/matter.min.js"');
    expect(text(r, 'assets/cdn/matter-js@0.19.0/build/matter.min.js')).toBe('window.Matter={};');
  });

  it('puts a stylesheet it minifies beside its source, so the images its url()s name are there', async () => {
    const r = await build(
      {
        kind: 'html',
        source: `<!doctype html><html><head>
<link rel="stylesheet" href="https://cdnjs.cloudflare.com/ajax/libs/leaflet.markercluster/1.5.3/MarkerCluster.min.css">
</head><body><h1>Hi</h1></body></html>`,
      },
      opts,
    );
    const dir = 'assets/cdn/leaflet.markercluster@1.5.3/dist';
    expect(page(r)).toContain(`href="./${dir}/MarkerCluster.min.css"`);
    expect(text(r, `${dir}/MarkerCluster.min.css`)).toContain('url(images/cluster.png)');
    expect(r.files.some((f) => f.path === `${dir}/images/cluster.png`)).toBe(true);
    expect(r.warnings.filter((w) => w.includes('missing'))).toEqual([]);
  });

  it("serves Firebase's gstatic modules from the firebase package, importing each other locally", async () => {
    const r = await build(
      {
        kind: 'html',
        source: `<!doctype html><html><head><title>F</title></head><body><h1>F</h1>
<script type="module">
import { initializeApp } from "https://www.gstatic.com/firebasejs/10.12.2/firebase-app.js";
import { getAuth } from "https://www.gstatic.com/firebasejs/10.12.2/firebase-auth.js";
import { getFirestore } from "https://www.gstatic.com/firebasejs/10.12.2/firebase-firestore.js";
getAuth(initializeApp({})); getFirestore();
</script></body></html>`,
      },
      opts,
    );
    const dir = 'assets/cdn/firebase@10.12.2';
    const html = page(r);
    expect(html).not.toContain('gstatic.com');
    expect(html).toContain(`from "./${dir}/firebase-auth.js"`);
    expect(text(r, `${dir}/firebase-auth.js`)).toContain('from"./firebase-app.js"');
    expect(text(r, `${dir}/firebase-firestore.js`)).toContain('from"./firebase-app.js"');
    expect(text(r, `${dir}/firebase-app.js`)).toContain('initializeApp');
    // only the files the page loads
    expect(r.files.some((f) => f.path.endsWith('firebase-storage.js'))).toBe(false);
    expect(r.warnings).toEqual([]);
  });

  it('names in the log every third-party script, stylesheet, font and module it keeps', async () => {
    const r = await build(
      {
        kind: 'html',
        source: `<!doctype html><html><head>
<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>
<link rel="stylesheet" href="https://example.com/theme.css">
<link rel="preload" as="font" href="https://example.com/brand.woff2" crossorigin>
<link rel="preload" as="image" href="https://example.com/hero.jpg">
<style>@font-face { font-family: Brand; src: url(https://fonts.example.com/brand.woff2) format("woff2"); }</style>
<script type="module">import confetti from "https://example.com/confetti.mjs"; confetti();</script>
</head><body><h1>Hi</h1><img src="https://example.com/photo.jpg"></body></html>`,
      },
      opts,
    );
    const kept = r.warnings.filter((w) => w.startsWith('Kept '));
    expect(kept).toHaveLength(5);
    expect(kept.join('\n')).toContain(
      'Kept https://www.googletagmanager.com/gtag/js?id=G-1 as written: a script from www.googletagmanager.com',
    );
    expect(kept.join('\n')).toContain('a stylesheet from example.com');
    expect(kept.join('\n')).toContain('https://example.com/brand.woff2 as written: a font');
    expect(kept.join('\n')).toContain('https://fonts.example.com/brand.woff2 as written: a font');
    expect(kept.join('\n')).toContain('https://example.com/confetti.mjs as written: a module');
    expect(kept.find((w) => w.includes('googletagmanager'))).toMatch(
      /Visitors who cannot reach www\.googletagmanager\.com will not get it$/,
    );
  });

  it('keeps what it cannot map as written, and says so in the log', async () => {
    const r = await build(
      {
        kind: 'html',
        source: `<!doctype html><html><head>
<script src="https://cdn.jsdelivr.net/gh/someone/widget@1.0/widget.js"></script>
<script src="https://unpkg.com/no-such-package-here@1.0.0/x.js"></script>
<script src="https://example.com/analytics.js"></script>
</head><body><h1>Hi</h1></body></html>`,
      },
      opts,
    );
    const html = page(r);
    expect(html).toContain('https://cdn.jsdelivr.net/gh/someone/widget@1.0/widget.js');
    expect(html).toContain('https://unpkg.com/no-such-package-here@1.0.0/x.js');
    expect(html).toContain('https://example.com/analytics.js');
    const kept = r.warnings.filter((w) => w.startsWith('Kept '));
    expect(kept).toHaveLength(3);
    expect(kept.filter((w) => w.includes('does not exist on npm'))).toHaveLength(1);
    expect(kept.join('\n')).toContain('https://example.com/analytics.js as written: a script');
  });

  it('builds esm.sh, Skypack and +esm imports into ES modules sharing one copy of a package', async () => {
    const r = await build(
      {
        kind: 'html',
        source: `<!doctype html><html><head><title>M</title></head><body><h1>M</h1>
<script type="module">
import { useCounter } from 'https://esm.sh/tiny-react@18.2.0';
import { render } from 'https://esm.sh/tiny-react-dom@18.2.0/client';
document.querySelector('h1').textContent = render() + useCounter();
</script></body></html>`,
      },
      opts,
    );
    const html = page(r);
    expect(html).not.toContain('esm.sh');
    expect(html).toContain("from './assets/cdn/esm/tiny-react@18.2.0/index.js'");
    expect(html).toContain("from './assets/cdn/esm/tiny-react-dom@18.2.0/client.js'");
    // react-dom's own import of react is answered by the page's react, through an import map
    const map = JSON.parse(/<script type="importmap">([^<]*)<\/script>/.exec(html)![1]!) as {
      imports: Record<string, string>;
    };
    expect(map.imports).toEqual({ 'tiny-react': './assets/cdn/esm/tiny-react@18.2.0/index.js' });
    const react = text(r, 'assets/cdn/esm/tiny-react@18.2.0/index.js');
    expect(react).toMatch(/export\s*\{[^}]*useCounter/);
    const dom = text(r, 'assets/cdn/esm/tiny-react-dom@18.2.0/client.js');
    expect(dom).toMatch(/from\s*"tiny-react"/);
    // a dependency the page does not load itself is bundled in
    expect(dom).not.toMatch(/from\s*"tiny-scheduler"/);
    expect(dom).toContain('"!"');
  });

  it('makes import map entries local, copying what the page imports below a folder entry', async () => {
    const r = await build(
      {
        kind: 'html',
        source: `<!doctype html><html><head><title>T</title>
<script type="importmap">{ "imports": { "tiny3": "https://unpkg.com/tiny3@0.160.0/build/tiny3.module.js", "tiny3/addons/": "https://unpkg.com/tiny3@0.160.0/examples/jsm/" } }</script>
</head><body><h1>T</h1>
<script type="module">import { Orbit } from 'tiny3/addons/controls/Orbit.js'; new Orbit();</script>
</body></html>`,
      },
      opts,
    );
    const html = page(r);
    expect(html).not.toContain('unpkg.com');
    expect(html).toContain('"tiny3": "./assets/cdn/tiny3@0.160.0/build/tiny3.module.js"');
    expect(html).toContain('"tiny3/addons/": "./assets/cdn/tiny3@0.160.0/examples/jsm/"');
    const paths = r.files.map((f) => f.path);
    expect(paths).toContain('assets/cdn/tiny3@0.160.0/examples/jsm/controls/Orbit.js');
    expect(paths).toContain('assets/cdn/tiny3@0.160.0/examples/jsm/utils/math.js');
    expect(paths).not.toContain('assets/cdn/tiny3@0.160.0/examples/jsm/unused/Big.js');
  });

  it('compiles text/babel src scripts with the inline ones, in document order, without Babel', async () => {
    const zip = makeZip([
      {
        name: 'index.html',
        data: Buffer.from(`<!doctype html><html><head>
<script src="https://unpkg.com/react@18.3.1/umd/react.production.min.js"></script>
<script src="https://unpkg.com/@babel/standalone/babel.min.js"></script>
</head><body><div id="root"></div>
<script type="text/babel" src="components/Sidebar.jsx"></script>
<script type="text/babel">const App = () => <Sidebar />;</script>
<script type="text/babel" src="./Footer.jsx"></script>
</body></html>`),
      },
      {
        name: 'components/Sidebar.jsx',
        data: Buffer.from('function Sidebar() { return <nav>Side</nav>; }'),
      },
      {
        name: 'Footer.jsx',
        data: Buffer.from('function Footer() { return <footer>Foot</footer>; }'),
      },
    ]);
    const r = await build({ kind: 'zip', source: zip }, opts);
    const html = page(r);
    expect(html).not.toContain('text/babel');
    expect(html).not.toContain('babel.min.js');
    const order = [...html.matchAll(/<script defer src="\.\/(assets\/inline-\w+\.js)">/g)].map(
      (m) => text(r, m[1]!),
    );
    expect(order).toHaveLength(3);
    expect(order[0]).toMatch(/function Sidebar/);
    expect(order[1]).toMatch(/App/);
    expect(order[2]).toMatch(/function Footer/);
  });
});
