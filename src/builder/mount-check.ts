import { SourceMap } from 'node:module';
import * as esbuild from 'esbuild';
import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import type { findComponent } from './detect';
import type { MountFailure } from './error-card';
import { REPO_ROOT } from './paths';
import { artifactPlugin, type BundleJob } from './resolve-plugin';
import { runtimeScript } from './runtime-script';

// The build renders the component once, to a string, in a sandbox: an artifact that throws
// while mounting is named in the deployment's log with its error, component and line, and
// the page's error card can say where. The sandbox is a separate JavaScript engine (QuickJS
// compiled to WebAssembly) with no access to this process, its files or the network, bounded
// in time and memory. It has no DOM: an error that only says a browser API is missing proves
// nothing and is not reported. Pages that mount themselves are not checked (they need a DOM).

/** How long the render may take: a component that loops forever is no reason to fail a build. */
const CHECK_MS = 2000;
const CHECK_MEMORY = 128 * 1024 * 1024;

/** What the sandbox offers in place of a browser: enough for a render, nothing of the host. */
const SANDBOX_PRELUDE = `
var window = globalThis, self = globalThis;
var __store = function () { var m = {}; return { getItem: function (k) { return k in m ? m[k] : null; }, setItem: function (k, v) { m[k] = String(v); }, removeItem: function (k) { delete m[k]; }, clear: function () { m = {}; }, key: function () { return null; }, get length() { return Object.keys(m).length; } }; };
var localStorage = __store(), sessionStorage = __store();
var navigator = { userAgent: 'Mozilla/5.0', language: 'en-US', languages: ['en-US'], onLine: true };
var location = { href: 'https://example.test/', origin: 'https://example.test', protocol: 'https:', host: 'example.test', hostname: 'example.test', pathname: '/', search: '', hash: '' };
var matchMedia = function () { return { matches: false, addEventListener: function () {}, removeEventListener: function () {}, addListener: function () {}, removeListener: function () {} }; };
var setTimeout = function () { return 0; }, clearTimeout = function () {}, setInterval = function () { return 0; }, clearInterval = function () {};
var queueMicrotask = function (f) { Promise.resolve().then(f); };
var addEventListener = function () {}, removeEventListener = function () {};
var performance = { now: function () { return Date.now(); } };
var console = { log: function () {}, warn: function () {}, error: function () {}, info: function () {}, debug: function () {} };
var TextEncoder = function () {};
TextEncoder.prototype.encode = function (s) { s = unescape(encodeURIComponent(String(s || ''))); var a = new Uint8Array(s.length); for (var i = 0; i < s.length; i++) a[i] = s.charCodeAt(i); return a; };
TextEncoder.prototype.encodeInto = function (s, d) { var b = this.encode(s); d.set(b.subarray(0, d.length)); return { read: s.length, written: Math.min(b.length, d.length) }; };
`;

/** Names whose absence only shows the sandbox has no browser, not that the code is wrong. */
const BROWSER_ONLY =
  /\b(document|HTMLElement|Element|Node|Image|Audio|AudioContext|webkitAudioContext|requestAnimationFrame|cancelAnimationFrame|IntersectionObserver|ResizeObserver|MutationObserver|getComputedStyle|fetch|XMLHttpRequest|WebSocket|Worker|Blob|File|FileReader|URL|URLSearchParams|crypto|indexedDB|caches|speechSynthesis|Notification|CustomEvent|Event|DOMParser|history|screen|innerWidth|innerHeight|scrollTo|alert|confirm|prompt|storage|claude|fs|structuredClone|AbortController|TextDecoder|Intl)\b/;

/** Past this much of the artifact's own code (and its packages), the check is skipped: too slow. */
const MAX_CHECKED_BYTES = 400 * 1024;

const SHARED = /^(react|react\/jsx-runtime|react\/jsx-dev-runtime|react-dom|react-dom\/client)$/;
const REACT_DOM_STUB = `module.exports = { createPortal: function (c) { return c; }, flushSync: function (f) { return f && f(); }, unstable_batchedUpdates: function (f, a) { return f(a); }, createRoot: function () { return { render: function () {}, unmount: function () {} }; }, hydrateRoot: function () { return { render: function () {}, unmount: function () {} }; }, render: function () {}, findDOMNode: function () { return null; }, preload: function () {}, preconnect: function () {}, version: '19' };`;

let reactBlob: Promise<string> | undefined;

/**
 * React and the first-render walker (runtime/first-render.ts), minified once per process and
 * evaluated first in every check: the artifact's bundle takes React from there, so its own code
 * stays small and keeps its names.
 */
function reactForChecks(): Promise<string> {
  reactBlob ??= runtimeScript(
    `import * as react from 'react';\nimport * as jsx from 'react/jsx-runtime';\nimport { firstRender, UNSURE } from './first-render';\nglobalThis.__checkReact = { react, jsx, firstRender, UNSURE };`,
    { 'process.env.NODE_ENV': '"production"' },
  ).then((out) => out.text.replace(/\n+$/, '').replace(/\n/g, ' '));
  reactBlob.catch(() => (reactBlob = undefined));
  return reactBlob;
}

/**
 * Every package and kit module but React is a stand-in: a component that renders its children,
 * a function that returns a stand-in, an object whose every key is one. The check is about the
 * artifact's own code, and stays small and fast whatever the artifact imports. A stand-in used
 * as a value (called with arguments, turned into text) makes a failure inconclusive: the real
 * module might have given the code what it needed. Named imports find their stand-in through
 * the module's prototype, which is how the bundler's interop looks names up.
 */
const STAND_IN = `var used = function () { globalThis.__standInUsed = true; };
var proto = new Proxy({}, { get: function (t, k) { return k === 'then' || typeof k === 'symbol' ? undefined : stub; } });
var stub = new Proxy(function () {}, {
  getPrototypeOf: function () { return proto; },
  get: function (t, k) {
    if (k === '__esModule') return false;
    if (k === 'then') return undefined;
    if (k === Symbol.toPrimitive) return function () { used(); return ''; };
    if (k === 'toString' || k === 'valueOf') return function () { used(); return ''; };
    if (k === '$$typeof' || k === 'prototype' || k === 'displayName' || k === 'defaultProps' || k === 'contextTypes' || k === 'getDerivedStateFromProps' || k === 'contextType' || k === 'propTypes' || k === '_context' || k === 'render' || k === 'type' || k === 'compare') return undefined;
    return stub;
  },
  apply: function (t, self, args) {
    var p = args[0];
    if (p && typeof p === 'object' && Object.getPrototypeOf(p) === Object.prototype && args.length <= 2 && (args[1] === undefined || typeof args[1] === 'object')) return p.children === undefined ? null : p.children;
    used();
    return stub;
  },
  construct: function () { used(); return stub; },
});
module.exports = stub;`;

/** The artifact's imports of React resolve to the copy the check loaded first; others, stand-ins. */
const sharedReact: esbuild.Plugin = {
  name: 'check-shared-react',
  setup(b) {
    b.onResolve({ filter: SHARED }, (a) => ({ path: a.path, namespace: 'check-shared' }));
    b.onResolve({ filter: /^[^./]/ }, async (a) => {
      if (a.path === 'artifact-entry' || a.pluginData === 'check-probe') return undefined;
      if (a.path.startsWith('@/')) {
        // the upload's own file behind an alias is checked; the kit is a stand-in
        const r = await b.resolve(a.path, {
          kind: a.kind,
          importer: a.importer,
          namespace: a.namespace,
          resolveDir: a.resolveDir,
          pluginData: 'check-probe',
        });
        if (r.errors.length === 0 && r.namespace === 'artifact') return r;
      }
      return { path: a.path, namespace: 'check-stub' };
    });
    b.onLoad({ filter: /.*/, namespace: 'check-stub' }, () => ({
      contents: STAND_IN,
      loader: 'js',
    }));
    b.onLoad({ filter: /.*/, namespace: 'check-shared' }, (a) => ({
      contents: a.path.startsWith('react-dom')
        ? REACT_DOM_STUB
        : a.path.startsWith('react/jsx')
          ? 'module.exports = globalThis.__checkReact.jsx;'
          : 'module.exports = globalThis.__checkReact.react;',
      loader: 'js',
    }));
  },
};

let engine: Promise<QuickJSWASMModule> | undefined;
function quickjs() {
  engine ??= newQuickJSWASMModuleFromVariant(variant);
  engine.catch(() => (engine = undefined));
  return engine;
}

/** One long-lived esbuild context for checks, as for the page bundle: React is parsed once. */
function checkContext(job: () => BundleJob | undefined): Promise<esbuild.BuildContext> {
  return esbuild.context({
    entryPoints: ['artifact-entry'],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    write: false,
    outdir: `${REPO_ROOT}/.artifact-check`,
    sourcemap: 'external',
    // less to parse; names stay, since they are how the check tells the component
    minifyWhitespace: true,
    minifySyntax: true,
    jsx: 'automatic',
    define: {
      'process.env.NODE_ENV': '"production"',
      'import.meta.env': '{"MODE":"production","DEV":false,"PROD":true,"SSR":true,"BASE_URL":"/"}',
      global: 'globalThis',
    },
    logLevel: 'silent',
    absWorkingDir: REPO_ROOT,
    plugins: [
      sharedReact,
      artifactPlugin(() => {
        const checked = job();
        if (!checked) throw new Error('No artifact is being checked.');
        return checked;
      }, new Set()),
    ],
  });
}

function checkEntry(entry: string, exportName: string): string {
  return `import { createElement } from 'react';
import * as M from ${JSON.stringify(entry)};
const C = M[${JSON.stringify(exportName)}] ?? M.default;
globalThis.__render = () => globalThis.__checkReact.firstRender(createElement(C));`;
}

interface Thrown {
  name: string;
  message: string;
  stack: string;
  /** The artifact used a stand-in as a value before it threw. */
  standInUsed?: boolean;
}

/** Runs the bundle in a fresh QuickJS context; the error it throws, or null. */
async function runSandboxed(code: string): Promise<Thrown | null | 'timeout'> {
  const runtime = (await quickjs()).newRuntime();
  try {
    runtime.setMemoryLimit(CHECK_MEMORY);
    runtime.setMaxStackSize(4 * 1024 * 1024);
    const deadline = Date.now() + CHECK_MS;
    let interrupted = false;
    runtime.setInterruptHandler(() => (interrupted = Date.now() > deadline));
    const vm = runtime.newContext();
    try {
      const result = vm.evalCode(
        `${SANDBOX_PRELUDE}\n${code}\n;(function(){ try { __render(); return null; } catch (e) { if (e === globalThis.__checkReact.UNSURE) return null; return JSON.stringify({ name: String(e && e.name || 'Error'), message: String(e && e.message || e), stack: String(e && e.stack || ''), standInUsed: !!globalThis.__standInUsed }); } })()`,
        'check.js',
      );
      if (result.error) {
        const dumped = vm.dump(result.error) as Partial<Thrown> | string;
        result.error.dispose();
        if (interrupted) return 'timeout';
        return typeof dumped === 'object' && dumped
          ? {
              name: String(dumped.name ?? 'Error'),
              message: String(dumped.message ?? ''),
              stack: String(dumped.stack ?? ''),
            }
          : { name: 'Error', message: String(dumped), stack: '' };
      }
      const value = vm.dump(result.value) as string | null;
      result.value.dispose();
      return value ? (JSON.parse(value) as Thrown) : null;
    } finally {
      vm.dispose();
    }
  } finally {
    runtime.dispose();
  }
}

/** The artifact's own frame nearest the throw: its file, line and enclosing component. */
function locate(stack: string, map: SourceMap, preludeLines: number) {
  let found: { file: string; line: number } | undefined;
  let component: string | undefined;
  for (const m of stack.matchAll(/at (?:([\w$.]+) )?\(?check\.js:(\d+)(?::(\d+))?\)?/g)) {
    const line = Number(m[2]) - 1 - preludeLines;
    if (line < 0) continue;
    const entry = map.findEntry(line, Number(m[3] ?? 1e6)) as {
      originalSource?: string;
      originalLine?: number;
    };
    const source = entry.originalSource ?? '';
    const own = /^artifact:/.test(source);
    if (!own) continue;
    const name = (m[1] ?? '').replace(/\d+$/, '');
    if (!found)
      found = { file: source.replace(/^artifact:\/?/, ''), line: entry.originalLine! + 1 };
    if (!component && /^[A-Z]/.test(name)) component = name;
    if (found && component) break;
  }
  return { found, component };
}

/** Checks one artifact at a time in its own esbuild context; dispose it with its builder. */
export interface MountChecker {
  check(
    job: BundleJob,
    entry: string,
    shape: ReturnType<typeof findComponent>,
  ): Promise<Required<MountFailure> | undefined>;
  dispose(): Promise<void>;
}

export function createMountChecker(): MountChecker {
  let checker: Promise<esbuild.BuildContext> | undefined;
  let current: BundleJob | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const context = () => (checker ??= checkContext(() => current));
  return {
    /**
     * Renders the artifact's component to a string in the sandbox. A failure is returned for
     * the build's log and the page's error card; anything the sandbox cannot judge is not.
     */
    async check(job, entry, shape) {
      if (shape.selfMounting || !shape.exportName) return undefined;
      const run = async (): Promise<Required<MountFailure> | undefined> => {
        current = { ...job, entryCode: checkEntry(entry, shape.exportName!) };
        let out: esbuild.BuildResult<{ write: false }>;
        try {
          out = (await (await context()).rebuild()) as typeof out;
        } catch {
          return undefined; // the page's own bundle built; a check that cannot is no finding
        } finally {
          current = undefined;
        }
        const js = out.outputFiles!.find((f) => f.path.endsWith('.js'))!.text;
        const mapFile = out.outputFiles!.find((f) => f.path.endsWith('.map'));
        if (js.length > MAX_CHECKED_BYTES) return undefined;
        const thrown = await runSandboxed(`${await reactForChecks()}\n${js}`);
        if (!thrown || thrown === 'timeout' || thrown.standInUsed) return undefined;
        const text = `${thrown.name}: ${thrown.message}`;
        if (
          /is not defined|not a function|undefined/.test(thrown.message) &&
          BROWSER_ONLY.test(thrown.message)
        )
          return undefined;
        const map = mapFile ? new SourceMap(JSON.parse(mapFile.text)) : undefined;
        const preludeLines = SANDBOX_PRELUDE.split('\n').length + 1;
        const { found, component } = map
          ? locate(thrown.stack, map, preludeLines)
          : { found: undefined, component: undefined };
        if (!found) return undefined; // thrown inside a library: too far from the artifact to say
        const error = thrown.name === 'Error' ? thrown.message : text;
        const where = `In ${component ? `${component}, ` : ''}${found.file} line ${found.line}`;
        return { error, kind: thrown.name, where };
      };
      const next = queue.then(run, run);
      queue = next.catch(() => undefined);
      return next.catch(() => undefined);
    },
    async dispose() {
      await queue;
      const open = checker;
      checker = undefined;
      if (open) await (await open).dispose();
    },
  };
}

/** The build log's line for a component that throws while mounting. */
export function mountFailureLine({ error, where }: Required<MountFailure>): string {
  return `The app stops while starting: ${error} (${where.charAt(0).toLowerCase()}${where.slice(1)}). Visitors see this error instead of the app.`;
}
