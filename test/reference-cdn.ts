// The CDNs a pasted page loads from, answered the plain way for the reference render: every
// file comes out of the npm package it was published in (npm pack, cached on disk), the Play
// CDN becomes Tailwind compiled from the page, Google Fonts become @fontsource files. The
// built site must look like the page does with its CDNs reachable; this is that page, offline.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import vm from 'node:vm';
import * as esbuild from 'esbuild';
import { lookup } from 'mime-types';
import postcss from 'postcss';
import type { Route } from 'playwright-core';
import tailwindcss from 'tailwindcss';
import { REPO_ROOT } from './builder-corpus';
import type { SiteFile } from './builder-serve';

const CACHE = path.join(REPO_ROOT, 'node_modules/.cache/reference-cdn');
const run = promisify(execFile);
const packs = new Map<string, Promise<string>>();

/** The unpacked package for `name@range` (latest when no range), fetched once with npm. */
function npmPackage(name: string, range: string): Promise<string> {
  const spec = `${name}@${range || 'latest'}`;
  let dir = packs.get(spec);
  if (!dir) {
    dir = (async () => {
      const target = path.join(CACHE, spec.replace(/[^\w.@-]+/g, '_'));
      if (existsSync(path.join(target, 'package.json'))) return target;
      const tmp = `${target}.tmp-${process.pid}`;
      await mkdir(tmp, { recursive: true });
      const { stdout } = await run('npm', ['pack', spec, '--silent', '--pack-destination', tmp], {
        cwd: tmp,
      });
      await run('tar', ['xzf', stdout.trim().split('\n').at(-1)!], { cwd: tmp });
      await rename(path.join(tmp, 'package'), target).catch(() => undefined);
      await rm(tmp, { recursive: true, force: true });
      return target;
    })();
    packs.set(spec, dir);
  }
  return dir;
}

/** `@scope/name@1.2/dist/x.js` → name, range, file path inside the package. */
function splitSpec(spec: string): { name: string; range: string; file: string } {
  const m = /^((?:@[^/]+\/)?[^@/]+)(?:@([^/]*))?(\/.*)?$/.exec(spec);
  if (!m) throw new Error(`reference CDN: cannot read ${spec}`);
  return { name: m[1]!, range: m[2] ?? '', file: m[3] ?? '' };
}

async function packageFile(name: string, range: string, file: string): Promise<string> {
  const dir = await npmPackage(name, range);
  if (file && file !== '/') return path.join(dir, file);
  // a bare package URL: the file the CDN picks, from package.json
  const pkg = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8'));
  const main = [pkg.unpkg, pkg.jsdelivr, pkg.browser, pkg.main].find((f) => typeof f === 'string');
  return path.join(dir, main ?? 'index.js');
}

const installs = new Map<string, Promise<string>>();

/** `name@range` installed with its dependencies (npm install), for building it as ESM. */
function npmInstall(name: string, range: string): Promise<string> {
  const spec = `${name}@${range || 'latest'}`;
  let dir = installs.get(spec);
  if (!dir) {
    dir = (async () => {
      const target = path.join(CACHE, 'installed', spec.replace(/[^\w.@-]+/g, '_'));
      if (!existsSync(path.join(target, 'node_modules', name, 'package.json'))) {
        await mkdir(target, { recursive: true });
        await run(
          'npm',
          [
            'install',
            '--prefix',
            target,
            '--no-save',
            '--ignore-scripts',
            '--no-audit',
            '--no-fund',
            '--silent',
            spec,
          ],
          { cwd: target },
        );
      }
      return target;
    })();
    installs.set(spec, dir);
  }
  return dir;
}

const IDENT = /^[A-Za-z_$][\w$]*$/;

/**
 * What esm.sh, Skypack and jsDelivr's +esm answer: the package (or subpath) as one ES module
 * with CommonJS exports named, and its peer dependencies left as esm.sh imports so the page
 * and the package share one copy (one React).
 */
async function esmBuild(
  name: string,
  range: string,
  subpath: string,
  pages: string[],
): Promise<string> {
  const dir = await npmInstall(name, range);
  const target = `${name}${subpath}`;
  const pkg = JSON.parse(
    await readFile(path.join(dir, 'node_modules', name, 'package.json'), 'utf8'),
  );
  const peers = Object.keys(pkg.peerDependencies ?? {});
  let keys: string[] | null = null;
  try {
    const mod = createRequire(path.join(dir, 'index.js'))(target) as object;
    keys = Object.keys(mod).filter((k) => IDENT.test(k) && k !== 'default' && k !== '__esModule');
  } catch {
    // an ES-module-only package: its exports are already named
  }
  const entry = keys
    ? `import * as m from ${JSON.stringify(target)};\nexport const { ${keys.join(', ')} } = m;\nexport default m.default ?? m;\n`
    : `export * from ${JSON.stringify(target)};\nimport * as m from ${JSON.stringify(target)};\nexport default m.default ?? m;\n`;
  /** The peer as the page itself imports it, so both get the same module URL. */
  const peerUrl = (peer: string) => {
    const pinned = pages
      .map(
        (html) =>
          new RegExp(`esm\\.sh/${peer.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}@([^/'"?]+)`).exec(
            html,
          )?.[1],
      )
      .find(Boolean);
    const installed = JSON.parse(
      readFileSync(path.join(dir, 'node_modules', peer, 'package.json'), 'utf8'),
    ).version;
    return `https://esm.sh/${peer}@${pinned ?? installed}`;
  };
  const result = await esbuild.build({
    stdin: { contents: entry, resolveDir: dir, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [
      {
        name: 'peers-from-esm-sh',
        setup(build) {
          build.onResolve({ filter: /^https:/ }, (args) => ({ path: args.path, external: true }));
          build.onResolve({ filter: /^[^./]/ }, (args) => {
            const peer = peers.find((p) => args.path === p || args.path.startsWith(`${p}/`));
            if (!peer) return undefined;
            return { path: peerUrl(peer) + args.path.slice(peer.length), namespace: 'peer' };
          });
          // a wrapper module, so CommonJS code can require() the peer's ES module
          build.onLoad({ filter: /.*/, namespace: 'peer' }, (args) => ({
            contents: `export * from ${JSON.stringify(args.path)};\nexport { default } from ${JSON.stringify(args.path)};\n`,
            loader: 'js',
          }));
        },
      },
    ],
  });
  return result.outputFiles[0]!.text;
}

async function answerModule(route: Route, spec: string, pages: string[]): Promise<void> {
  const { name, range, file } = splitSpec(spec);
  return route.fulfill({
    status: 200,
    body: await esmBuild(name, range, file.replace(/\/\+esm$/, ''), pages),
    headers: { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' },
  });
}

/** cdnjs names a few libraries differently from npm. */
const CDNJS_NAMES: Record<string, string> = {
  'lodash.js': 'lodash',
  'Chart.js': 'chart.js',
  'three.js': 'three',
  'babel-standalone': '@babel/standalone',
  'moment.js': 'moment',
};

async function findByName(dir: string, base: string): Promise<string | undefined> {
  const { stdout } = await run('find', [dir, '-name', base, '-type', 'f']);
  const hits = stdout.split('\n').filter(Boolean);
  return hits.sort((a, b) => a.length - b.length)[0];
}

/** Google Fonts css2 / css URLs → the families and styles they ask for. */
function requestedFonts(url: URL): { family: string; weight: string; italic: boolean }[] {
  const out: { family: string; weight: string; italic: boolean }[] = [];
  if (url.pathname === '/css2') {
    for (const param of url.searchParams.getAll('family')) {
      const [family, axes] = param.split(':');
      if (!axes) {
        out.push({ family: family!, weight: '400', italic: false });
        continue;
      }
      const [names, tuples] = axes.split('@');
      const axisNames = names!.split(',');
      for (const tuple of (tuples ?? '').split(';')) {
        const values = tuple.split(',');
        const weight = values[axisNames.indexOf('wght')] ?? '400';
        out.push({
          family: family!,
          weight: weight.includes('..') ? '400' : weight,
          italic: values[axisNames.indexOf('ital')] === '1',
        });
      }
    }
  } else {
    for (const part of (url.searchParams.get('family') ?? '').split('|')) {
      const [family, styles] = part.split(':');
      for (const style of (styles ?? '400').split(',')) {
        const weight = /\d+/.exec(style)?.[0] ?? (style.startsWith('bold') ? '700' : '400');
        out.push({ family: family!, weight, italic: /i(talic)?$/.test(style) });
      }
    }
  }
  return out;
}

async function googleFontsCss(url: URL): Promise<string> {
  let css = '';
  for (const { family, weight, italic } of requestedFonts(url)) {
    const slug = family.trim().toLowerCase().replace(/\s+/g, '-');
    const dir = await npmPackage(`@fontsource/${slug}`, '');
    const version = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')).version;
    const file = path.join(dir, `${weight}${italic ? '-italic' : ''}.css`);
    if (!existsSync(file)) continue;
    const text = await readFile(file, 'utf8');
    css += text.replace(
      /url\(\.\/files\//g,
      `url(https://cdn.jsdelivr.net/npm/@fontsource/${slug}@${version}/files/`,
    );
  }
  return css;
}

/** The Play CDN: Tailwind v3 compiled from the page and its inline `tailwind.config`. */
async function playCdn(
  pages: string[],
  plugins: string[],
  scripts: string[] = [],
): Promise<string> {
  const sandbox = { tailwind: { config: {} as Record<string, unknown> } };
  for (const html of pages) {
    for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      if (!/tailwind\.config/.test(m[1]!)) continue;
      try {
        vm.runInNewContext(m[1]!, sandbox, { timeout: 1000 });
      } catch {
        // a config script that needs the page: its config stays empty
      }
    }
  }
  // the Play CDN also compiles the page's <style type="text/tailwindcss"> blocks (@apply…)
  const blocks = pages.flatMap((html) =>
    [...html.matchAll(/<style[^>]*type=["']text\/tailwindcss["'][^>]*>([\s\S]*?)<\/style>/g)].map(
      (m) => m[1]!,
    ),
  );
  // ?plugins=forms,typography: the official plugins the Play CDN bundles
  const requireFromRoot = createRequire(path.join(REPO_ROOT, 'package.json'));
  const config = {
    ...sandbox.tailwind.config,
    // the Play CDN watches the document: classes the page's own scripts render count too
    content: [...pages, ...scripts].map((raw) => ({ raw })),
    plugins: [
      ...((sandbox.tailwind.config.plugins as unknown[]) ?? []),
      ...plugins.map((name) => requireFromRoot(`@tailwindcss/${name}`)),
    ],
  };
  const result = await postcss([tailwindcss(config as never)]).process(
    ['@tailwind base;', '@tailwind components;', '@tailwind utilities;', ...blocks].join('\n'),
    { from: undefined },
  );
  return `window.tailwind = window.tailwind || { config: {} };
document.head.appendChild(Object.assign(document.createElement('style'), { textContent: ${JSON.stringify(result.css)} }));`;
}

async function answer(route: Route, file: string | undefined): Promise<void> {
  if (!file || !existsSync(file)) return route.fulfill({ status: 404, body: 'not in the package' });
  const type = lookup(file) || 'application/octet-stream';
  return route.fulfill({
    status: 200,
    body: await readFile(file),
    headers: { 'content-type': type, 'access-control-allow-origin': '*' },
  });
}

/** A route handler for third-party requests of a reference page; unknown hosts stay offline. */
export function referenceCdn(files: SiteFile[]): (route: Route) => Promise<void> {
  const pages = files
    .filter((f) => f.path.endsWith('.html'))
    .map((f) => Buffer.from(f.content).toString('utf8'));
  const scripts = files
    .filter((f) => /\.m?js$/.test(f.path))
    .map((f) => Buffer.from(f.content).toString('utf8'));
  return async (route) => {
    const url = new URL(route.request().url());
    try {
      switch (url.hostname) {
        case 'unpkg.com': {
          const { name, range, file } = splitSpec(decodeURIComponent(url.pathname.slice(1)));
          return answer(route, await packageFile(name, range, file));
        }
        case 'esm.sh':
        case 'cdn.skypack.dev':
          return answerModule(route, decodeURIComponent(url.pathname.slice(1)), pages);
        case 'cdn.jsdelivr.net': {
          if (!url.pathname.startsWith('/npm/')) break;
          if (url.pathname.endsWith('/+esm')) {
            return answerModule(route, decodeURIComponent(url.pathname.slice(5)), pages);
          }
          const { name, range, file } = splitSpec(decodeURIComponent(url.pathname.slice(5)));
          return answer(route, await packageFile(name, range, file));
        }
        case 'cdnjs.cloudflare.com':
        case 'ajax.googleapis.com': {
          const m = /^\/ajax\/libs\/([^/]+)\/([^/]+)\/(.+)$/.exec(url.pathname);
          if (!m) break;
          const dir = await npmPackage(CDNJS_NAMES[m[1]!] ?? m[1]!, m[2]!);
          return answer(route, await findByName(dir, path.posix.basename(m[3]!)));
        }
        case 'stackpath.bootstrapcdn.com':
        case 'maxcdn.bootstrapcdn.com': {
          const m = /^\/([^/]+)\/([^/]+)\/(.+)$/.exec(url.pathname);
          if (!m) break;
          const dir = await npmPackage(m[1]!, m[2]!);
          return answer(route, await findByName(dir, path.posix.basename(m[3]!)));
        }
        case 'code.jquery.com': {
          const m = /^\/jquery-(\d[\w.-]*?)(\.min)?\.js$/.exec(url.pathname);
          if (!m) break;
          return answer(route, await packageFile('jquery', m[1]!, `/dist/jquery${m[2] ?? ''}.js`));
        }
        case 'd3js.org': {
          const m = /^\/d3\.v(\d+)(\.min)?\.js$/.exec(url.pathname);
          if (!m) break;
          return answer(route, await packageFile('d3', m[1]!, `/dist/d3${m[2] ?? ''}.js`));
        }
        case 'www.gstatic.com': {
          // Firebase's CDN files are the ones the firebase npm package ships at its root
          const m = /^\/firebasejs\/([^/]+)\/([^/]+\.js)$/.exec(url.pathname);
          if (!m) break;
          return answer(route, await packageFile('firebase', m[1]!, `/${m[2]}`));
        }
        case 'cdn.tailwindcss.com':
          return route.fulfill({
            status: 200,
            body: await playCdn(
              pages,
              (url.searchParams.get('plugins') ?? '').split(',').filter(Boolean),
              scripts,
            ),
            headers: { 'content-type': 'text/javascript' },
          });
        case 'fonts.googleapis.com':
          return route.fulfill({
            status: 200,
            body: await googleFontsCss(url),
            headers: { 'content-type': 'text/css', 'access-control-allow-origin': '*' },
          });
      }
    } catch (err) {
      return route.fulfill({ status: 502, body: String(err) });
    }
    return route.abort();
  };
}
