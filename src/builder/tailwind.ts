import postcss from 'postcss';
import type { AcceptedPlugin } from 'postcss';
import resolveConfig from 'tailwindcss/resolveConfig.js';
import animate from 'tailwindcss-animate';
// @ts-expect-error tailwind ships no types for its internals
import processTailwindFeatures from 'tailwindcss/lib/processTailwindFeatures.js';
import { scannableContent } from './tailwind-content';
import { BASE_CSS, TAILWIND_THEME } from './tailwind-theme';
import { dropUnusedKeyframes, dropUnusedVariables } from './unused-css';

type Ctx = {
  ruleCache: Set<unknown>;
  stylesheetCache: unknown;
  changedContent: { content: string; extension: string }[];
  candidateRuleCache: Map<string, Set<unknown>>;
};
type Features = (
  setup: (api: { createContext: (config: unknown, changed: unknown[]) => Ctx }) => () => Ctx,
) => (root: unknown, result: unknown) => Promise<void>;

const features = ((processTailwindFeatures as { default?: Features }).default ??
  processTailwindFeatures) as Features;
const config = resolveConfig({
  darkMode: ['class'],
  content: [{ raw: '', extension: 'html' }],
  theme: TAILWIND_THEME,
  plugins: [animate],
} as never);

// One Tailwind context for the process: creating it costs ~300 ms, reusing it ~20 ms.
// Its rule cache is reset per build so a stylesheet holds only this build's classes.
let context: Ctx | undefined;
let queue: Promise<unknown> = Promise.resolve();

function setup(
  api: { createContext: (config: unknown, changed: unknown[]) => Ctx },
  content: string,
) {
  if (!context) {
    const ctx = api.createContext(config, []);
    // Cached candidates skip adding their rules to ruleCache: put them back as they are read.
    class Tracking extends Map<string, Set<unknown>> {
      override get(key: string) {
        const value = super.get(key);
        if (value) for (const entry of value) ctx.ruleCache.add(entry);
        return value;
      }
    }
    ctx.candidateRuleCache = new Tracking(ctx.candidateRuleCache);
    context = ctx;
  }
  context.ruleCache = new Set();
  context.stylesheetCache = null;
  context.changedContent = [{ content, extension: 'html' }];
  return context;
}

export interface TailwindResult {
  css: string;
  classes: number;
}

/** Compiles Tailwind v3 for exactly the classes found in `content`. */
export function compileTailwind(content: string, extraCss = ''): Promise<TailwindResult> {
  const run = async (): Promise<TailwindResult> => {
    let classes = 0;
    const plugin: AcceptedPlugin = {
      postcssPlugin: 'artifact-tailwind',
      Once: features((api) => () => {
        const ctx = setup(api, scannableContent(content));
        return ctx;
      }) as never,
    };
    const result = await postcss([plugin]).process(BASE_CSS + extraCss, { from: undefined });
    result.root.walkRules((rule) => {
      if (rule.selector.startsWith('.')) classes++;
    });
    // Keyframes first: a dropped one no longer reads the properties its frames name.
    dropUnusedKeyframes(result.root, BASE_CSS.length, content);
    dropUnusedVariables(result.root, BASE_CSS.length, content);
    return { css: result.root.toString(), classes };
  };
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}
