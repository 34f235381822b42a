import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from './vendor/paths';

let iconFiles: Map<string, string> | undefined;

/**
 * Every name lucide-react exports (current names and the aliases of renamed icons, e.g.
 * AlertTriangle → triangle-alert) mapped to that icon's own small module.
 */
export function lucideIcons(): Map<string, string> {
  if (iconFiles) return iconFiles;
  const req = createRequire(path.join(REPO_ROOT, 'package.json'));
  const dir = path.join(path.dirname(req.resolve('lucide-react/package.json')), 'dist/esm');
  const index = readFileSync(path.join(dir, 'lucide-react.mjs'), 'utf8');
  const map = new Map<string, string>();
  for (const m of index.matchAll(/export \{([^}]*)\} from '\.\/(icons\/[^']+)'/g)) {
    const file = path.join(dir, m[2]!);
    for (const part of m[1]!.split(',')) {
      const name = /default as (\w+)/.exec(part)?.[1];
      if (name) map.set(name, file);
    }
  }
  iconFiles = map;
  return map;
}

/** Names imported as `import { A, B as C } from 'lucide-react'`, or null when it is not that simple. */
export function importedIconNames(sources: string[]): Set<string> | null {
  const names = new Set<string>();
  for (const code of sources) {
    for (const m of code.matchAll(/import\s+([^'";]*?)\s+from\s*['"]lucide-react['"]/g)) {
      const clause = m[1]!.trim();
      const braces = /^\{([^}]*)\}$/.exec(clause);
      if (!braces) return null;
      for (const part of braces[1]!.split(',')) {
        const name = part
          .trim()
          .split(/\s+as\s+/)[0]
          ?.replace(/^type\s+/, '');
        if (name) names.add(name);
      }
    }
    if (/from\s*['"]lucide-react\/|import\(\s*['"]lucide-react/.test(code)) return null;
  }
  return names;
}

/** A module exporting just these icons; unknown names become a neutral placeholder. */
export function iconModule(names: Set<string>, warn: (message: string) => void): string {
  const icons = lucideIcons();
  const lines: string[] = [];
  const missing: string[] = [];
  for (const name of names) {
    const file = icons.get(name);
    if (file) lines.push(`export { default as ${name} } from ${JSON.stringify(file)};`);
    else if (/^[A-Za-z_$][\w$]*$/.test(name)) missing.push(name);
  }
  if (missing.length > 0) {
    warn(
      `Icon${missing.length > 1 ? 's' : ''} not found in lucide-react: ${missing.join(', ')}. A plain placeholder is shown instead.`,
    );
    lines.push(`import { createElement as __h } from 'react';
const __placeholder = (n) => ({ size = 24, className, style }) => __h('svg', { width: size, height: size, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, className, style, 'aria-label': n }, __h('rect', { x: 4, y: 4, width: 16, height: 16, rx: 3 }));`);
    for (const name of missing)
      lines.push(`export const ${name} = __placeholder(${JSON.stringify(name)});`);
  }
  return lines.join('\n');
}
