import type { AtRule, Declaration, Root } from 'postcss';

const VAR_USE = /var\(\s*(--[\w-]+)/g;

/**
 * Drops the custom properties our stylesheet declares and nothing reads. Tailwind v3 sets
 * every one of its `--tw-*` defaults on every element (and again on `::backdrop`), and the
 * kit's theme names colours a page may never use: on a small page that is a tenth of its
 * stylesheet. A property is kept when a kept declaration reads it (`var(--name)`), or when the
 * page's code names it (an inline style, `setProperty`, a chart colour). Only declarations
 * made before `ownUpTo` (the base stylesheet and what Tailwind generates from it) are ours to
 * drop: the artifact's own CSS keeps each of its properties.
 */
export function dropUnusedVariables(root: Root, ownUpTo: number, pageCode: string): void {
  const ours: Declaration[] = [];
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--') && (decl.source?.start?.offset ?? 0) < ownUpTo) ours.push(decl);
  });
  const named = new Map<string, boolean>();
  const inCode = (prop: string) => {
    let seen = named.get(prop);
    if (seen === undefined) named.set(prop, (seen = pageCode.includes(prop)));
    return seen;
  };
  // Dropping one declaration may leave another unread: go on until nothing changes.
  for (let dropped = true; dropped;) {
    dropped = false;
    const read = new Set<string>();
    root.walkDecls((decl) => {
      for (const m of decl.value.matchAll(VAR_USE)) read.add(m[1]!);
    });
    for (const decl of ours) {
      if (!decl.parent || read.has(decl.prop) || inCode(decl.prop)) continue;
      const rule = decl.parent;
      decl.remove();
      if (rule.nodes?.length === 0) rule.remove();
      dropped = true;
    }
  }
}

/**
 * Drops the @keyframes our stylesheet declares and nothing plays. tailwindcss-animate puts
 * `enter` and `exit` in every page's base styles, used only by its animate-in and animate-out
 * classes. A keyframes rule is kept when a kept `animation` or `animation-name` names it, or
 * when the page's code has its name as a word (an inline style, an element.animate). As with
 * custom properties, the artifact's own CSS (from `ownUpTo` on) keeps all its own.
 */
export function dropUnusedKeyframes(root: Root, ownUpTo: number, pageCode: string): void {
  const ours: AtRule[] = [];
  root.walkAtRules(/keyframes$/i, (rule) => {
    if ((rule.source?.start?.offset ?? 0) < ownUpTo) ours.push(rule);
  });
  if (ours.length === 0) return;
  const played = new Set<string>();
  root.walkDecls(/^(-webkit-)?animation(-name)?$/i, (decl) => {
    for (const word of decl.value.split(/[\s,]+/)) played.add(word);
  });
  for (const rule of ours) {
    const name = rule.params.trim();
    const named = new RegExp(`(^|[^\\w-])${name.replace(/[^\w-]/g, '\\$&')}($|[^\\w-])`);
    if (!played.has(name) && !named.test(pageCode)) rule.remove();
  }
}
