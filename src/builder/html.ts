import * as esbuild from 'esbuild';
import { syntaxError } from './errors';
import type { BuildLog } from './log';
import { hashName } from './output';
import { runtimeTag } from './page';
import type { Vendor } from './vendor/load';

const BABEL_SCRIPT = /<script\b([^>]*\btype\s*=\s*["']text\/babel["'][^>]*)>([\s\S]*?)<\/script>/gi;
const BABEL_STANDALONE =
  /<script\b[^>]*\bsrc\s*=\s*["'][^"']*babel[^"']*standalone[^"']*["'][^>]*>\s*<\/script>\s*/gi;

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
export function injectRuntime(html: string, vendor: Vendor, prefix: string): string {
  const tag = runtimeTag(vendor, prefix);
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

/**
 * `<script type="text/babel">` blocks compiled now, so visitors never download Babel. Each
 * becomes a deferred file: like Babel's own loader, it runs after the document is parsed.
 */
export async function compileBabelScripts(
  html: string,
  log: BuildLog,
  prefix: string,
): Promise<CompiledScripts> {
  const assets = new Map<string, Uint8Array>();
  const blocks = [...html.matchAll(BABEL_SCRIPT)];
  let compiled = 0;
  let out = html;
  for (const block of blocks) {
    const [whole, attrs = '', code = ''] = block;
    if (/\bsrc\s*=/.test(attrs)) continue;
    const startLine = html.slice(0, block.index! + whole.indexOf('>') + 1).split('\n').length - 1;
    const ts = /typescript|tsx/.test(attrs);
    let result: esbuild.TransformResult;
    try {
      result = await esbuild.transform(code, {
        loader: ts ? 'tsx' : 'jsx',
        jsx: 'transform',
        target: 'es2020',
        minify: true,
        sourcefile: 'page.html',
      });
    } catch (err) {
      const errors = (err as esbuild.TransformFailure).errors ?? [];
      for (const e of errors) if (e.location) e.location.line += startLine;
      throw syntaxError(errors, log, 'the page');
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
