import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { compressText } from '../compress';
import { packageVersion, vendorKey } from './key';
import { REPO_ROOT, RUNTIME_DIR } from './paths';
import { CJS_SPECIFIERS, NPM_SPECIFIERS, kitSpecifiers, packageName } from './specs';
import type { VendorMap, VendorSpecifier } from './types';

const requireFromRoot = createRequire(path.join(REPO_ROOT, 'package.json'));
const IDENT = /^[A-Za-z_$][\w$]*$/;
const RESERVED = new Set(['default', 'delete', 'new', 'function', 'class', 'import', 'export']);

function entrySource(spec: string, target: string): string {
  const from = JSON.stringify(target);
  if (!CJS_SPECIFIERS.has(spec)) {
    // `export default ns.default ?? ns` also lets `import d3 from 'd3'` work, a common slip.
    return `import * as ns from ${from};\nexport * from ${from};\nexport default ns.default ?? ns;\n`;
  }
  const names = Object.keys(requireFromRoot(spec) as object).filter(
    (k) => IDENT.test(k) && !RESERVED.has(k) && k !== '__esModule',
  );
  return `import m from ${from};\nexport default m;\nexport const { ${names.join(', ')} } = m;\n`;
}

function outName(spec: string): string {
  return spec.replace(/^@\//, '').replace(/[^\w.-]+/g, '_');
}

/** Builds the prebuilt vendor modules into `<vendorDir>/<key>/` and returns their map. */
export async function buildVendor(vendorDir: string): Promise<VendorMap> {
  const key = vendorKey();
  const kit = kitSpecifiers();
  const targets: Record<string, string> = {};
  for (const spec of NPM_SPECIFIERS) targets[spec] = spec;
  for (const [spec, file] of Object.entries(kit)) targets[spec] = path.join(RUNTIME_DIR, file);

  const result = await esbuild.build({
    entryPoints: Object.keys(targets).map((spec) => ({
      in: `vendor-entry:${spec}`,
      out: outName(spec),
    })),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    write: false,
    metafile: true,
    outdir: path.join(REPO_ROOT, '.vendor-out'),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    logLevel: 'silent',
    logOverride: { 'import-is-undefined': 'silent' },
    absWorkingDir: REPO_ROOT,
    plugins: [
      {
        name: 'vendor-entries',
        setup(build) {
          build.onResolve({ filter: /^vendor-entry:/ }, (args) => ({
            path: args.path.slice('vendor-entry:'.length),
            namespace: 'vendor-entry',
          }));
          build.onLoad({ filter: /.*/, namespace: 'vendor-entry' }, (args) => ({
            contents: entrySource(args.path, targets[args.path] ?? args.path),
            resolveDir: REPO_ROOT,
            loader: 'js',
          }));
        },
      },
    ],
  });

  const runtime = await esbuild.build({
    entryPoints: [path.join(RUNTIME_DIR, 'site-runtime.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    write: false,
  });
  const runtimeCode = runtime.outputFiles[0]!.contents;
  const runtimeName = `runtime-${createHash('sha256').update(runtimeCode).digest('hex').slice(0, 10)}.js`;

  const map: VendorMap = {
    key,
    builtAt: new Date().toISOString(),
    specifiers: {},
    files: {},
    runtime: runtimeName,
  };
  const outputs = result.metafile.outputs;
  const metaByName = new Map(Object.entries(outputs).map(([k, v]) => [path.basename(k), v]));
  const tmp = path.join(vendorDir, `${key}.tmp-${process.pid}-${Date.now()}`);
  await mkdir(tmp, { recursive: true });
  const toWrite: [string, Uint8Array][] = [[runtimeName, runtimeCode]];
  for (const file of result.outputFiles) toWrite.push([path.basename(file.path), file.contents]);

  for (const [name, content] of toWrite) {
    const meta = metaByName.get(name);
    const imports = (meta?.imports ?? [])
      .filter((i) => !i.external)
      .map((i) => path.basename(i.path));
    map.files[name] = {
      imports,
      size: content.byteLength,
      sha256: createHash('sha256').update(content).digest('hex'),
    };
    const { gzip, br } = await compressText(content);
    await writeFile(path.join(tmp, name), content);
    await writeFile(path.join(tmp, `${name}.gz`), gzip);
    await writeFile(path.join(tmp, `${name}.br`), br);
  }

  for (const [outPath, meta] of Object.entries(outputs)) {
    if (!meta.entryPoint?.startsWith('vendor-entry:')) continue;
    const spec = meta.entryPoint.slice('vendor-entry:'.length);
    const isKit = spec in kit;
    const entry: VendorSpecifier = {
      file: path.basename(outPath),
      pkg: isKit ? 'artifact-kit' : packageName(spec),
      version: isKit ? key : packageVersion(packageName(spec)),
    };
    if (isKit) {
      const sources = Object.keys(meta.inputs).filter((i) => i.startsWith('src/builder/runtime/'));
      const texts = await Promise.all(
        sources.map((s) => readFile(path.join(REPO_ROOT, s), 'utf8')),
      );
      entry.classSource = texts.join('\n');
    }
    map.specifiers[spec] = entry;
  }
  await writeFile(path.join(tmp, 'map.json'), JSON.stringify(map));
  const final = path.join(vendorDir, key);
  try {
    await rename(tmp, final);
  } catch {
    // another process finished the same build first; theirs is identical
    await rm(tmp, { recursive: true, force: true });
  }
  return map;
}
