import type { Page } from 'playwright-core';
import { compileReferenceTailwind } from './reference-tailwind';

/** Every class on an element the page shows (hidden ones may lack styles on purpose). */
function visibleClasses(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const classes = new Set<string>();
    for (const el of document.querySelectorAll('[class]')) {
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      for (const c of el.classList) classes.add(c);
    }
    return [...classes].sort();
  });
}

/**
 * Tailwind classes on visible elements that the page's CSS has no rule for. A class counts as
 * Tailwind's when Tailwind itself, with the kit's full config, writes a rule for it; the page's
 * stylesheets are then searched for a selector naming that class. Both sides are read back
 * through Chromium's CSSOM, so escaping is compared in one spelling.
 */
export async function classesWithoutRules(page: Page): Promise<string[]> {
  const classes = await visibleClasses(page);
  if (classes.length === 0) return [];
  const referenceCss = await compileReferenceTailwind([
    { raw: classes.join(' '), extension: 'html' },
  ]);
  return page.evaluate(
    ({ css, classes }) => {
      const selectors = (rules: CSSRuleList, out: string[]): string[] => {
        for (const rule of rules) {
          if (rule instanceof CSSStyleRule) out.push(rule.selectorText);
          if ('cssRules' in rule) selectors(rule.cssRules as CSSRuleList, out);
        }
        return out;
      };
      const reference = new CSSStyleSheet();
      reference.replaceSync(css);
      const generated = selectors(reference.cssRules, []);
      const present: string[] = [];
      for (const sheet of [...document.styleSheets, ...document.adoptedStyleSheets]) {
        try {
          selectors(sheet.cssRules, present);
        } catch {
          // a cross-origin sheet cannot be read; offline there are none
        }
      }
      const names = (list: string[], cls: string) => {
        const token = `.${CSS.escape(cls)}`;
        return list.some((selector) => {
          for (let i = selector.indexOf(token); i >= 0; i = selector.indexOf(token, i + 1)) {
            const next = selector[i + token.length];
            if (next === undefined || !/[\w\-\\\u0080-\uffff]/.test(next)) return true;
          }
          return false;
        });
      };
      return classes.filter((c) => names(generated, c) && !names(present, c));
    },
    { css: referenceCss, classes },
  );
}
