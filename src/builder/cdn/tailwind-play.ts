import { parseExpressionAt, type Node } from 'acorn';
import postcss from 'postcss';
import type { AcceptedPlugin } from 'postcss';
import aspectRatio from '@tailwindcss/aspect-ratio';
import containerQueries from '@tailwindcss/container-queries';
import forms from '@tailwindcss/forms';
import typography from '@tailwindcss/typography';
import resolveConfig from 'tailwindcss/resolveConfig.js';
// @ts-expect-error tailwind ships no types for its internals
import processTailwindFeatures from 'tailwindcss/lib/processTailwindFeatures.js';
import { scannableContent } from '../tailwind-content';

// What the Tailwind Play CDN does in the visitor's browser, done once at build time: the
// default theme plus the page's own `tailwind.config`, for exactly the classes the page
// (markup and scripts alike) mentions.

type Setup = (api: {
  createContext: (config: unknown, changed: { content: string; extension: string }[]) => unknown;
}) => () => unknown;
type Features = (setup: Setup) => (root: unknown, result: unknown) => Promise<void>;

const features = ((processTailwindFeatures as { default?: Features }).default ??
  processTailwindFeatures) as Features;

/** The object literal assigned to `tailwind.config` in a script, as written. */
export function findTailwindConfig(script: string): string | null {
  const start = /\btailwind\.config\s*=\s*\{/.exec(script);
  if (!start) return null;
  const open = start.index + start[0].length - 1;
  let depth = 0;
  for (let i = open; i < script.length; i++) {
    const c = script[i]!;
    if (c === '"' || c === "'" || c === '`') {
      for (i++; i < script.length && script[i] !== c; i++) if (script[i] === '\\') i++;
    } else if (c === '/' && script[i + 1] === '/') {
      i = script.indexOf('\n', i);
      if (i < 0) return null;
    } else if (c === '/' && script[i + 1] === '*') {
      i = script.indexOf('*/', i + 2) + 1;
      if (i <= 0) return null;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return script.slice(open, i + 1);
  }
  return null;
}

export interface PlayConfig {
  config: Record<string, unknown>;
  /** Why a config in the page could not be used, when it could not. */
  problem?: string;
}

class NotData extends Error {}

/** The value of an object literal made of plain data; anything computed is refused. */
function literalValue(node: Node): unknown {
  const n = node as Node & Record<string, unknown>;
  switch (node.type) {
    case 'Literal':
      return n.value;
    case 'TemplateLiteral': {
      const quasis = n.quasis as { value: { cooked: string } }[];
      if ((n.expressions as unknown[]).length > 0) break;
      return quasis.map((q) => q.value.cooked).join('');
    }
    case 'UnaryExpression':
      if (n.operator === '-') return -(literalValue(n.argument as Node) as number);
      break;
    case 'ArrayExpression':
      return (n.elements as (Node | null)[]).map((e) => (e ? literalValue(e) : undefined));
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const p of n.properties as (Node & Record<string, unknown>)[]) {
        if (p.type !== 'Property' || p.computed || p.kind !== 'init') break;
        const key = p.key as Node & { name?: string; value?: unknown };
        out[key.type === 'Identifier' ? key.name! : String(key.value)] = literalValue(
          p.value as Node,
        );
      }
      if (Object.keys(out).length === (n.properties as unknown[]).length) return out;
      break;
    }
  }
  throw new NotData(`${node.type} at character ${node.start}`);
}

/** Reads the page's config as data (it is never run: builds do not execute page code). */
export function readTailwindConfig(scripts: string[]): PlayConfig {
  for (const script of scripts) {
    const literal = findTailwindConfig(script);
    if (!literal) continue;
    try {
      const config = literalValue(
        parseExpressionAt(literal, 0, { ecmaVersion: 'latest' }),
      ) as Record<string, unknown>;
      delete config.content;
      delete config.plugins;
      return { config };
    } catch (err) {
      return {
        config: {},
        problem: `its tailwind.config is not plain data (it computes a value: ${(err as Error).message}), so the default theme was used`,
      };
    }
  }
  return { config: {} };
}

/** The first-party plugins the Play CDN loads with `?plugins=…` (line-clamp is in the core). */
export const PLAY_CDN_PLUGINS: Record<string, unknown> = {
  forms,
  typography,
  'aspect-ratio': aspectRatio,
  'container-queries': containerQueries,
  'line-clamp': null,
};

type Context = {
  ruleCache: Set<unknown>;
  stylesheetCache: unknown;
  changedContent: { content: string; extension: string }[];
  candidateRuleCache: Map<string, Set<unknown>>;
};

// Creating a Tailwind context costs ~300 ms; a page rebuilt with the same config and styles
// reuses its own. Its rule cache is reset per build, so a stylesheet holds only that page's
// classes (cached candidates put their rules back as they are read).
const contexts = new Map<string, Context>();
let queue: Promise<unknown> = Promise.resolve();

function contextFor(key: string, create: () => Context, content: string): Context {
  let ctx = contexts.get(key);
  if (!ctx) {
    const fresh = create();
    class Tracking extends Map<string, Set<unknown>> {
      override get(candidate: string) {
        const rules = super.get(candidate);
        if (rules) for (const rule of rules) fresh.ruleCache.add(rule);
        return rules;
      }
    }
    fresh.candidateRuleCache = new Tracking(fresh.candidateRuleCache);
    if (contexts.size >= 16) contexts.delete(contexts.keys().next().value!);
    contexts.set(key, fresh);
    ctx = fresh;
  }
  ctx.ruleCache = new Set();
  ctx.stylesheetCache = null;
  ctx.changedContent = [{ content, extension: 'html' }];
  return ctx;
}

/** A stylesheet with Tailwind's preflight, the page's `text/tailwindcss` styles and its utilities. */
export function compilePlayCdn(
  content: string,
  config: Record<string, unknown>,
  pageCss: string,
  plugins: string[] = [],
): Promise<string> {
  const run = async () => {
    const key = JSON.stringify([config, pageCss, plugins]);
    const resolved = resolveConfig({
      ...config,
      content: [{ raw: '', extension: 'html' }],
      plugins: plugins.map((p) => PLAY_CDN_PLUGINS[p]).filter(Boolean),
    } as never);
    const plugin: AcceptedPlugin = {
      postcssPlugin: 'tailwind-play-cdn',
      Once: features(
        (api) => () =>
          contextFor(
            key,
            () => api.createContext(resolved, []) as Context,
            scannableContent(content),
          ),
      ) as never,
    };
    const input = /@tailwind\s+base/.test(pageCss)
      ? pageCss
      : `@tailwind base;\n@tailwind components;\n@tailwind utilities;\n${pageCss}`;
    const result = await postcss([plugin]).process(input, { from: undefined });
    return result.css;
  };
  // one compile at a time: a reused context is shared state
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}
