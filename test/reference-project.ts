import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import postcss from 'postcss';
import tailwindcss from 'tailwindcss';
import { REPO_ROOT } from './builder-corpus';
import type { SiteFile } from './builder-serve';
import {
  CODE_FILE,
  kitPlugin,
  siteFile,
  uploadPlugin,
  VITE_ENV,
  type ReferenceSite,
} from './reference-resolve';

// The reference build of a project folder, the slow, obvious way its own tools would do it.

/**
 * A project folder (Vite, AI Studio, Claude Code) the way its own tools build it: the module its
 * page names (or the index.tsx AI Studio adds) bundled with `@` for the project's src/ (or root),
 * its tsconfig's paths, its VITE_* values, Tailwind with its config for CSS that asks for it,
 * public/ at the root, and the page otherwise as written.
 */
export async function projectSite(files: Map<string, Buffer>): Promise<ReferenceSite | null> {
  const html = files.get('index.html')?.toString('utf8');
  if (!html) return null;
  const tag =
    /<script\b[^>]*type=["']module["'][^>]*src=["']\/?([^"']+\.(?:jsx|tsx|ts))["'][^>]*>\s*<\/script>/.exec(
      html,
    );
  const implied = ['index.tsx', 'index.jsx'].find((f) =>
    /createRoot\(/.test(files.get(f)?.toString('utf8') ?? ''),
  );
  // AI Studio's page names no script of its own (the studio adds index.tsx); CDN scripts aside
  const ownScript = /<script\b[^>]*\bsrc=(?:["'](?!https?:|\/\/)|(?!["']|https?:|\/\/))/.test(html);
  const entry = tag?.[1] ?? (ownScript ? undefined : implied);
  if (!entry) return null;
  const dir = await mkdtemp(path.join(tmpdir(), 'reference-project-'));
  try {
    for (const [name, content] of files) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), content);
    }
    const env: Record<string, unknown> = { ...VITE_ENV };
    for (const line of `${files.get('.env') ?? ''}\n${files.get('.env.production') ?? ''}`.split(
      '\n',
    )) {
      const m = /^(VITE_\w+)=(.*)$/.exec(line.trim());
      if (m) env[m[1]!] = m[2];
    }
    const tsconfig = ['tsconfig.app.json', 'tsconfig.json'].find((f) => files.has(f));
    const sources = [...files]
      .filter(([name]) => CODE_FILE.test(name) || name.endsWith('.html'))
      .map(([, content]) => content.toString('utf8'));
    const twConfigFile = [...files.keys()].find((f) => /^tailwind\.config\.[cm]?js$/.test(f));
    const twConfig = twConfigFile
      ? ((await import(path.join(dir, twConfigFile))) as { default: Record<string, unknown> })
          .default
      : {};
    const tailwindCss: esbuild.Plugin = {
      name: 'reference-tailwind-css',
      setup(build) {
        build.onLoad({ filter: /\.css$/ }, async (args) => {
          const css = await readFile(args.path, 'utf8');
          if (!/@tailwind|@import ["']tailwindcss["']/.test(css)) return undefined;
          const result = await postcss([
            tailwindcss({ ...twConfig, content: sources.map((raw) => ({ raw })) } as never),
          ]).process(css, { from: args.path });
          return { contents: result.css, loader: 'css' };
        });
      },
    };
    const result = await esbuild.build({
      entryPoints: [path.join(dir, entry)],
      absWorkingDir: dir,
      bundle: true,
      format: 'esm',
      platform: 'browser',
      outdir: path.join(dir, 'out'),
      entryNames: 'app',
      assetNames: 'assets/[name]-[hash]',
      write: false,
      jsx: 'automatic',
      nodePaths: [path.join(REPO_ROOT, 'node_modules')],
      ...(tsconfig ? { tsconfig: path.join(dir, tsconfig) } : {}),
      define: {
        'process.env.NODE_ENV': '"production"',
        'import.meta.env': JSON.stringify(env),
      },
      loader: { '.svg': 'file', '.png': 'file', '.jpg': 'file', '.woff2': 'file' },
      logLevel: 'silent',
      plugins: [uploadPlugin(dir), kitPlugin, tailwindCss],
    });
    const out: SiteFile[] = [];
    for (const f of result.outputFiles) {
      const rel = path.relative(path.join(dir, 'out'), f.path).split(path.sep).join('/');
      out.push(siteFile(rel, f.contents));
    }
    const links = out
      .filter((f) => f.path.endsWith('.css'))
      .map((f) => `<link rel="stylesheet" href="/${f.path}">`)
      .join('\n');
    const script = '<script type="module" src="/app.js"></script>';
    const page = (
      tag ? html.replace(tag[0], script) : html.replace('</body>', `${script}\n</body>`)
    ).replace('</head>', `${links}\n</head>`);
    out.push(siteFile('index.html', Buffer.from(page)));
    for (const [name, content] of files) {
      if (name.startsWith('public/')) out.push(siteFile(name.slice('public/'.length), content));
      else if (!CODE_FILE.test(name) && name !== 'index.html') out.push(siteFile(name, content));
    }
    return { files: out, page: 'index.html' };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
