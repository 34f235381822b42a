import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as lexCommonJs } from 'cjs-module-lexer';
import * as esbuild from 'esbuild';
import { packageName } from '../kit';
import { BuildError } from '../types';
import { isNodeBuiltin } from './install';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const RESERVED = new Set(
  'default break case catch class const continue debugger delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await'.split(
    ' ',
  ),
);
const ESM_SYNTAX = /^\s*(import\s*[\w{*'"]|export\s)/m;

/** Names a CommonJS module exports, following `module.exports = require('./x')` chains. */
async function commonJsNames(
  file: string,
  resolve: (spec: string, dir: string) => Promise<string | undefined>,
  seen = new Set<string>(),
): Promise<string[]> {
  if (seen.has(file)) return [];
  seen.add(file);
  const { exports, reexports } = lexCommonJs(await readFile(file, 'utf8'));
  const names = [...exports];
  for (const spec of reexports) {
    const target = await resolve(spec, path.dirname(file));
    if (target) names.push(...(await commonJsNames(target, resolve, seen)));
  }
  return [...new Set(names)].filter((n) => IDENTIFIER.test(n) && !RESERVED.has(n));
}

/**
 * One package module as a browser ES module: its dependencies bundled in from `root` (an
 * installed node_modules tree), packages named in `external` left as bare imports. A CommonJS
 * package gets named exports read from its source, as esm.sh gives it.
 */
export async function bundleModule(
  root: string,
  specifier: string,
  external: ReadonlySet<string>,
): Promise<{ code: Uint8Array; externals: string[] }> {
  const self = packageName(specifier);
  const plugin: esbuild.Plugin = {
    name: 'cdn-module',
    setup(b) {
      const resolve = async (spec: string, dir: string) => {
        const r = await b.resolve(spec, { kind: 'require-call', resolveDir: dir });
        return r.errors.length === 0 && r.path ? r.path : undefined;
      };
      b.onResolve({ filter: /^cdn-module-entry$/ }, () => ({
        path: specifier,
        namespace: 'entry',
      }));
      b.onLoad({ filter: /.*/, namespace: 'entry' }, async () => {
        const file = await resolve(specifier, root);
        if (!file) return { errors: [{ text: `"${specifier}" was not found in its package` }] };
        const from = JSON.stringify(specifier);
        const code = await readFile(file, 'utf8');
        if (file.endsWith('.mjs') || ESM_SYNTAX.test(code)) {
          return {
            contents: `export * from ${from};\nimport * as ns from ${from};\nexport default ns.default;\n`,
            resolveDir: root,
          };
        }
        const names = await commonJsNames(file, resolve);
        const named = names.length > 0 ? `export const { ${names.join(', ')} } = m;\n` : '';
        return {
          contents: `import * as ns from ${from};\nconst m = ns.default ?? ns;\nexport default m;\n${named}`,
          resolveDir: root,
        };
      });
      b.onResolve({ filter: /^[^./]/ }, (a) => {
        if (a.namespace === 'shared') return { path: a.path, external: true };
        if (isNodeBuiltin(a.path)) return { path: a.path, namespace: 'node-builtin' };
        const name = packageName(a.path);
        // required by CommonJS code too: a small ES module in between makes that work
        if (name !== self && external.has(name)) return { path: a.path, namespace: 'shared' };
        return undefined;
      });
      b.onLoad({ filter: /.*/, namespace: 'shared' }, (a) => {
        const from = JSON.stringify(a.path);
        return {
          contents: `export * from ${from};\nimport * as ns from ${from};\nexport default ns.default;\n`,
        };
      });
      b.onLoad({ filter: /.*/, namespace: 'node-builtin' }, () => ({
        contents: 'export default {};',
      }));
    },
  };
  try {
    const out = await esbuild.build({
      entryPoints: ['cdn-module-entry'],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2020',
      minify: true,
      write: false,
      metafile: true,
      outdir: '/out',
      logLevel: 'silent',
      logOverride: { 'import-is-undefined': 'silent' },
      define: { 'process.env.NODE_ENV': '"production"' },
      plugins: [plugin],
    });
    const externals = Object.values(out.metafile.outputs).flatMap((o) =>
      o.imports.filter((i) => i.external).map((i) => i.path),
    );
    return { code: out.outputFiles[0]!.contents, externals: [...new Set(externals)] };
  } catch (err) {
    const text = (err as esbuild.BuildFailure).errors?.[0]?.text ?? String(err);
    throw new BuildError(`"${specifier}" could not be made into a module for the page: ${text}`);
  }
}
