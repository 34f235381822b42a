import { bundleArtifact } from './bundle';
import { findComponent, looksLikeTypeScript } from './detect';
import type { BuildLog } from './log';
import { makeFile } from './output';
import { reactPage, VENDOR_PREFIX } from './page';
import type { SourceFiles } from './resolve-plugin';
import { compileTailwind } from './tailwind';
import { BuildError, type BuiltFile, type PackageResolver } from './types';
import type { Vendor } from './vendor/load';
import { packageName } from './vendor/specs';

export interface ReactBuild {
  files: BuiltFile[];
  packages: Record<string, string>;
  detected: string;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** `<style jsx>` (styled-jsx) becomes a plain global <style>, as it renders in Claude. */
function fixSource(text: string, prependReact: boolean, appendExport: string | null): string {
  let out = text.replace(/<style\s+jsx(\s+global)?\s*>/g, '<style>');
  // on the first line, so every line number in an error still matches their code
  if (prependReact) out = `import * as React from 'react';${out}`;
  if (appendExport) out += `\nexport default ${appendExport};\n`;
  return out;
}

function titleOf(code: string): string {
  const h1 = /<h1[^>]*>\s*([^<{]{2,80}?)\s*</.exec(code)?.[1];
  return h1?.trim() || 'Artifact';
}

export async function buildReact(
  files: SourceFiles,
  entry: string,
  vendor: Vendor,
  log: BuildLog,
  resolvePackage: PackageResolver | undefined,
  fileLabel: string,
): Promise<ReactBuild> {
  const source = decoder.decode(files.get(entry)!);
  const shape = findComponent(source);
  const ts = /\.tsx?$/.test(entry);
  if (!shape.selfMounting && !shape.exportName) {
    throw new BuildError(
      'No React component was found in this code. It needs a component such as `function App() { return <div>…</div> }` or an `export default`.',
      undefined,
      log.lines,
    );
  }
  log.add(
    'detect',
    shape.selfMounting
      ? `Detected React code that mounts itself (${ts ? 'TypeScript' : 'JavaScript'})`
      : `Detected a React component${shape.appendExportOf ? ` "${shape.appendExportOf}"` : shape.exportName !== 'default' ? ` "${shape.exportName}"` : ''} (${ts ? 'TypeScript' : 'JavaScript'})`,
  );
  const needsReact = (text: string) =>
    /\bReact\.\w/.test(text) &&
    !/import\s+(\*\s+as\s+)?React\b|import\s+React\s*,|\bconst\s+React\b/.test(text);
  const entryPath = entry;
  const mount = shape.selfMounting
    ? `import ${JSON.stringify(entryPath)};`
    : `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import * as M from ${JSON.stringify(entryPath)};
const C = M[${JSON.stringify(shape.exportName)}] ?? M.default;
createRoot(document.getElementById('root')).render(createElement(C));`;

  const bundle = await log.step(
    'bundle',
    () =>
      bundleArtifact(
        {
          files,
          entryCode: mount,
          vendor,
          log,
          resolvePackage,
          transformSource: (file, text) =>
            /\.[jt]sx?$/.test(file)
              ? fixSource(text, needsReact(text), file === entry ? shape.appendExportOf : null)
              : text,
        },
        fileLabel,
      ),
    (b) => `Compiled your code with ${b.state.vendorUsed.size} preinstalled imports`,
  );

  const packages: Record<string, string> = {};
  const importMap: Record<string, string> = {};
  const out: BuiltFile[] = [];
  const vendorSpecs = new Set(bundle.state.vendorUsed);
  vendorSpecs.add('react').add('react-dom/client');
  for (const [spec, pkg] of bundle.state.packages) {
    const name = `assets/npm/${pkg.name.replace(/[^\w.-]+/g, '_')}-${pkg.version}.js`;
    importMap[spec] = `./${name}`;
    packages[pkg.name] = pkg.version;
    out.push(await makeFile(name, pkg.code, true));
    const code = decoder.decode(pkg.code);
    for (const m of code.matchAll(/(?:from|import)\s*["']([^"'./][^"']*)["']/g)) {
      if (vendor.map.specifiers[m[1]!]) vendorSpecs.add(m[1]!);
    }
    log.add('resolve', `Added ${pkg.name}@${pkg.version} from npm`);
  }
  const direct: string[] = [];
  let classSource = '';
  for (const spec of vendorSpecs) {
    const info = vendor.map.specifiers[spec]!;
    importMap[spec] = `./${VENDOR_PREFIX}${info.file}`;
    direct.push(info.file);
    if (info.classSource) classSource += info.classSource;
    if (info.pkg !== 'artifact-kit') packages[packageName(spec)] = info.version;
  }
  const vendorFiles = vendor.closure([...direct, vendor.map.runtime]);
  for (const name of vendorFiles) {
    const f = await vendor.file(name);
    out.push({
      path: VENDOR_PREFIX + name,
      content: f.content,
      gzip: f.gzip,
      br: f.br,
      sha256: f.sha256,
      contentType: 'text/javascript; charset=utf-8',
      immutable: true,
    });
  }

  const userCode = [...files]
    .filter(([f]) => /\.[jt]sx?$|\.html$/.test(f))
    .map(([, c]) => decoder.decode(c))
    .join('\n');
  const tw = await log.step(
    'styles',
    () => compileTailwind(`${userCode}\n${classSource}`),
    (r) => `Compiled Tailwind: ${r.classes} classes`,
  );
  const cssBytes = encoder.encode(tw.css);
  const cssName = `assets/styles-${(await import('./output')).sha256(cssBytes).slice(0, 10)}.css`;
  out.push(await makeFile(cssName, cssBytes, true));
  for (const [name, content] of bundle.files) out.push(await makeFile(name, content, true));

  const html = reactPage({
    title: titleOf(source),
    importMap,
    preload: [bundle.entryJs, ...direct.map((f) => VENDOR_PREFIX + f)],
    css: [cssName, ...(bundle.entryCss ? [bundle.entryCss] : [])],
    entryJs: bundle.entryJs,
    vendor,
  });
  out.push(await makeFile('index.html', encoder.encode(html), false));
  return { files: out, packages, detected: `react-${ts ? 'tsx' : 'jsx'}` };
}

export function pastedFileName(code: string, hint?: 'jsx' | 'tsx' | 'html'): string {
  if (hint === 'tsx') return '/App.tsx';
  if (hint === 'jsx') return '/App.jsx';
  return looksLikeTypeScript(code) ? '/App.tsx' : '/App.jsx';
}
