#!/usr/bin/env node
// The command-line tool runs from one esbuild bundle of its TypeScript sources, made on first use
// and again whenever a source is newer, so a clone needs no build step before `npx artifact-host`.
// Compiling the sources on every run (tsx) cost most of a second before anything was sent.
import { existsSync, readdirSync, renameSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Beside src/cli at the same depth, so the bundle finds ../../package.json as the sources do.
const bundle = path.join(root, 'dist/cli/artifact-host.mjs');
const sources = ['src/cli', 'src/shared', 'src/mcp', 'package.json'];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const sourcesAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
const builtAt = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
// A published package ships the bundle without its sources: sourcesAt is then 0.
if (builtAt < sourcesAt) {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [path.join(root, 'src/cli/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies load from node_modules as they are; only our own code is bundled.
    packages: 'external',
    write: false,
    logLevel: 'silent',
  });
  mkdirSync(path.dirname(bundle), { recursive: true });
  // Two first runs at once each write their own file; the rename makes either one whole.
  const temp = `${bundle}.${process.pid}.tmp`;
  writeFileSync(temp, result.outputFiles[0].contents);
  renameSync(temp, bundle);
}

const { main } = await import(pathToFileURL(bundle).href);
process.exitCode = await main(process.argv.slice(2));
