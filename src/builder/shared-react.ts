import * as esbuild from 'esbuild';
import type { Plugin } from 'esbuild';
import { REPO_ROOT } from './paths';

// React and React DOM are most of every page's module (about 220 KB minified), yet they are
// the same bytes for every artifact. Bundling them anew cost a warm build about 20 ms of
// esbuild's linking and printing, two thirds of its bundle step. So they are minified once per
// process into one scoped block, and each page bundle takes them from that block, which is put
// in front of its own code: the file a visitor loads is still one module, React included, with
// the same code a whole bundle would have (React ships as CommonJS, which bundles as it is).

/** The modules the block holds, by the name a bundle's code reaches them through. */
const MODULES = {
  react: 'react',
  'react/jsx-runtime': 'jsxRuntime',
  'react/jsx-dev-runtime': 'jsxDevRuntime',
  'react-dom': 'reactDom',
  'react-dom/client': 'reactDomClient',
} as const;

/** The block's variable; esbuild never gives a name a bundle's code uses unbound to its own. */
const GLOBAL = '__sharedReact';

export const SHARED_REACT = new RegExp(
  `^(${Object.keys(MODULES)
    .map((m) => m.replace(/[/]/g, '\\/'))
    .join('|')})$`,
);

export interface SharedReactBlock {
  /** `var __sharedReact=(()=>{…})();` followed by a line break. */
  code: Uint8Array;
  /** The node_modules files in it, as a bundle's metafile lists them. */
  inputs: string[];
}

let block: Promise<SharedReactBlock> | undefined;

/** The block, built at the first page bundle of the process. */
export function sharedReactBlock(): Promise<SharedReactBlock> {
  block ??= esbuild
    .build({
      stdin: {
        contents: `module.exports = { ${Object.entries(MODULES)
          .map(([spec, key]) => `${key}: require(${JSON.stringify(spec)})`)
          .join(', ')} };`,
        resolveDir: REPO_ROOT,
        loader: 'js',
      },
      bundle: true,
      format: 'iife',
      globalName: GLOBAL,
      platform: 'browser',
      target: 'es2020',
      minify: true,
      write: false,
      metafile: true,
      absWorkingDir: REPO_ROOT,
      define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
      logLevel: 'silent',
    })
    .then((out) => ({
      code: out.outputFiles[0]!.contents,
      inputs: Object.keys(out.metafile.inputs).filter((i) => i.startsWith('node_modules/')),
    }));
  block.catch(() => (block = undefined));
  return block;
}

/**
 * Points every import of React, the artifact's, the kit's and any package's, at the block, so
 * one copy serves them all (as one install did when React was bundled with them).
 */
export const sharedReactPlugin: Plugin = {
  name: 'shared-react',
  setup(build) {
    build.onResolve({ filter: SHARED_REACT }, (args) => ({
      path: args.path,
      namespace: 'shared-react',
    }));
    build.onLoad({ filter: /.*/, namespace: 'shared-react' }, (args) => ({
      contents: `module.exports = ${GLOBAL}.${MODULES[args.path as keyof typeof MODULES]};`,
      loader: 'js',
    }));
  },
};

/** True when a bundle's code reads the block, so the block must come first in its file. */
export function usesSharedReact(code: Uint8Array): boolean {
  return Buffer.from(code.buffer, code.byteOffset, code.byteLength).includes(GLOBAL);
}
