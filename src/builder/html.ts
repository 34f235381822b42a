import path from 'node:path';
import * as esbuild from 'esbuild';
import { syntaxError } from './errors';
import type { BuildLog } from './log';
import { hashName } from './output';
import { runtimeTag } from './site-script';
import { BuildError, type BuiltFile } from './types';

const BABEL_SCRIPT = /<script\b([^>]*\btype\s*=\s*["']text\/babel["'][^>]*)>([\s\S]*?)<\/script>/gi;
const BABEL_STANDALONE =
  /<script\b[^>]*\bsrc\s*=\s*["'][^"']*babel[^"']*standalone[^"']*["'][^>]*>\s*<\/script>\s*/gi;

// The builder finds a page's tags with regular expressions. Each opening tag they start from
// costs the distance to its `>` and, for scripts and styles, to the closing tag: a page of
// thousands of unclosed `<script ` makes that the square of the page's length (minutes).
const SCANNED_TAG = /<(script|style|link|meta|base|head|html|body|h1|title|img|iframe)\b/gi;
const CLOSED_TAGS = ['script', 'style'] as const;
/** Normal pages cost about their length once; this leaves room for scripts that write tags. */
const SCAN_BUDGET_PER_CHAR = 8;
const SCAN_BUDGET_BASE = 200_000;

function positions(html: string, pattern: RegExp): number[] {
  const found: number[] = [];
  for (const m of html.matchAll(pattern)) found.push(m.index);
  return found;
}

/**
 * Refuses, in one pass, a page whose tags would take the builder's scans quadratic time.
 * Counted rather than forbidden, so a script writing a `<script>` tag or two still builds.
 */
export function assertScannablePage(html: string, pagePath: string): void {
  const ends = positions(html, />/g);
  const closings = Object.fromEntries(
    CLOSED_TAGS.map((tag) => [tag, positions(html, new RegExp(`</${tag}`, 'gi'))]),
  ) as Record<(typeof CLOSED_TAGS)[number], number[]>;
  const next = { end: 0, script: 0, style: 0 };
  const budget = SCAN_BUDGET_PER_CHAR * html.length + SCAN_BUDGET_BASE;
  let cost = 0;
  for (const m of html.matchAll(SCANNED_TAG)) {
    const at = m.index;
    while (next.end < ends.length && ends[next.end]! < at) next.end++;
    cost += (ends[next.end] ?? html.length) - at;
    const tag = m[1]!.toLowerCase();
    if (tag === 'script' || tag === 'style') {
      const list = closings[tag];
      while (next[tag] < list.length && list[next[tag]]! < at) next[tag]++;
      cost += (list[next[tag]] ?? html.length) - at;
    }
    if (cost > budget) {
      throw new BuildError(
        `${pagePath} has too many tags that are never closed (such as <script without its > or its </script>), so it cannot be built. Close every tag, then deploy again.`,
      );
    }
  }
}

export function isFullDocument(html: string): boolean {
  return /<html[\s>]|<!doctype/i.test(html.slice(0, 2000)) || /<body[\s>]/i.test(html);
}

/** A fragment (markup without <html>/<head>/<body>) becomes a proper document. */
export function wrapFragment(html: string): string {
  const title = /<h1[^>]*>([^<]{1,80})</i.exec(html)?.[1]?.trim() ?? 'Page';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
</head>
<body>
${html}
</body>
</html>
`;
}

/** Puts the page runtime first in <head>, before any script of the page. */
export function injectRuntime(html: string, runtime: BuiltFile, prefix: string): string {
  const tag = runtimeTag(runtime, prefix);
  if (/<head\b[^>]*>/i.test(html)) return html.replace(/<head\b[^>]*>/i, (m) => `${m}\n${tag}`);
  if (/<html\b[^>]*>/i.test(html))
    return html.replace(/<html\b[^>]*>/i, (m) => `${m}\n<head>${tag}</head>`);
  return `${tag}\n${html}`;
}

export interface CompiledScripts {
  html: string;
  assets: Map<string, Uint8Array>;
  compiled: number;
}

/** The file a `src` of a page names, looked up among the site's files. */
function siteFile(
  files: ReadonlyMap<string, Uint8Array>,
  pagePath: string,
  src: string,
): { path: string; code: string } | null {
  if (/^([a-z]+:)?\/\//i.test(src)) return null;
  const clean = src.replace(/[?#].*$/, '');
  const full = clean.startsWith('/')
    ? path.posix.normalize(clean)
    : path.posix.join(path.posix.dirname(`/${pagePath}`), clean);
  const bytes = files.get(full);
  return bytes ? { path: full.slice(1), code: new TextDecoder().decode(bytes) } : null;
}

/**
 * `<script type="text/babel">` blocks, inline or `src="x.jsx"`, compiled now so visitors never
 * download Babel. Each becomes a deferred file: like Babel's own loader, they run after the
 * document is parsed, one after the other in document order.
 */
export async function compileBabelScripts(
  html: string,
  log: BuildLog,
  prefix: string,
  files: ReadonlyMap<string, Uint8Array> = new Map(),
  pagePath = 'index.html',
): Promise<CompiledScripts> {
  const assets = new Map<string, Uint8Array>();
  const blocks = [...html.matchAll(BABEL_SCRIPT)];
  let compiled = 0;
  let out = html;
  for (const block of blocks) {
    const [whole, attrs = '', inline = ''] = block;
    const src = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/.exec(attrs);
    let code = inline;
    let sourcefile = 'page.html';
    let startLine = html.slice(0, block.index! + whole.indexOf('>') + 1).split('\n').length - 1;
    if (src) {
      const file = siteFile(files, pagePath, src[1] ?? src[2] ?? src[3] ?? '');
      if (!file) {
        log.warn(
          'transform',
          `${src[0]}: this Babel script is not among the site's files, so it is left to in-browser Babel`,
        );
        continue;
      }
      [code, sourcefile, startLine] = [file.code, file.path, 0];
    }
    const ts = /typescript|tsx/.test(attrs) || /\.tsx?$/.test(sourcefile);
    let result: esbuild.TransformResult;
    try {
      result = await esbuild.transform(code, {
        loader: ts ? 'tsx' : 'jsx',
        jsx: 'transform',
        target: 'es2020',
        minify: true,
        sourcefile,
      });
    } catch (err) {
      const errors = (err as esbuild.TransformFailure).errors ?? [];
      for (const e of errors) if (e.location) e.location.line += startLine;
      throw syntaxError(errors, log, src ? sourcefile : 'the page');
    }
    const bytes = new TextEncoder().encode(result.code);
    const name = hashName('inline', '.js', bytes);
    assets.set(name, bytes);
    const module = /data-type\s*=\s*["']module["']/.test(attrs) ? ' type="module"' : ' defer';
    out = out.replace(whole, `<script${module} src="${prefix}${name}"></script>`);
    compiled++;
  }
  if (
    compiled > 0 &&
    !/<script[^>]*type\s*=\s*["']text\/babel/i.test(out) &&
    !/\bBabel\./.test(out)
  ) {
    out = out.replace(BABEL_STANDALONE, '');
  }
  return { html: out, assets, compiled };
}
