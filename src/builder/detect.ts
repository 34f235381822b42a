// Reads what kind of code a person pasted, from the text alone (pasted code has no name).

export type PastedKind = 'jsx' | 'tsx' | 'html';

export function looksLikeHtml(source: string): boolean {
  const head = source.trimStart().slice(0, 500).toLowerCase();
  if (/^<!doctype html|^<html[\s>]|^<head[\s>]|^<body[\s>]/.test(head)) return true;
  if (/^\s*(import|export|const|let|var|function|class|"use client"|'use client')\b/m.test(source))
    return false;
  return /^<(div|style|script|section|main|header|h1|h2|p|link|meta|title|nav|canvas|svg|form|table|ul)[\s>]/.test(
    head,
  );
}

const TS_PATTERNS = [
  /^\s*(export\s+)?interface\s+[A-Z]\w*/m,
  /^\s*(export\s+)?type\s+[A-Z]\w*(<[^>]*>)?\s*=/m,
  /^\s*(export\s+)?(const\s+)?enum\s+[A-Z]\w*\s*\{/m,
  /\b(useState|useRef|useMemo|useCallback|useReducer|createContext)<[^>]+>\s*\(/,
  /[\w)\]]\s+as\s+(const|string|number|boolean|any|unknown|[A-Z]\w*)\b/,
  /\(\s*\w+\??\s*:\s*(string|number|boolean|any|unknown|[A-Z]\w*)(\[\])?\s*[,)=]/,
  /\)\s*:\s*(void|string|number|boolean|JSX\.Element|React\.\w+|Promise<)/,
  /:\s*React\.(FC|ReactNode|ChangeEvent|FormEvent|MouseEvent)/,
  /^\s*import\s+type\s/m,
];

export function looksLikeTypeScript(source: string): boolean {
  return TS_PATTERNS.some((p) => p.test(source));
}

export interface ComponentShape {
  /** The code mounts itself (createRoot/ReactDOM.render): import it, do not mount again. */
  selfMounting: boolean;
  /** How the entry gets the component: the default export, a named export, or none yet. */
  exportName: string | null;
  /** For code without exports: the component found, to be exported by the builder. */
  appendExportOf: string | null;
}

function lastMatch(source: string, pattern: RegExp): string[] {
  return [...source.matchAll(pattern)].map((m) => m[1]!).filter(Boolean);
}

export function findComponent(source: string): ComponentShape {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const selfMounting =
    /\b(createRoot|hydrateRoot)\s*\(/.test(code) || /\bReactDOM\.render\s*\(/.test(code);
  if (selfMounting) return { selfMounting, exportName: null, appendExportOf: null };
  if (/^\s*export\s+default\b/m.test(code) || /export\s*\{[^}]*\bas\s+default\b/.test(code)) {
    return { selfMounting, exportName: 'default', appendExportOf: null };
  }
  const named = [
    ...lastMatch(code, /^\s*export\s+(?:async\s+)?function\s+([A-Z]\w*)/gm),
    ...lastMatch(code, /^\s*export\s+(?:const|let|var|class)\s+([A-Z]\w*)/gm),
    ...[...code.matchAll(/^\s*export\s*\{([^}]*)\}/gm)].flatMap((m) =>
      m[1]!.split(',').map((p) =>
        p
          .trim()
          .split(/\s+as\s+/)
          .pop()!
          .trim(),
      ),
    ),
  ].filter((n) => /^[A-Z]/.test(n));
  if (named.length > 0) {
    return {
      selfMounting,
      exportName: named.includes('App') ? 'App' : named[named.length - 1]!,
      appendExportOf: null,
    };
  }
  const declared = [
    ...lastMatch(code, /^\s*(?:async\s+)?function\s+([A-Z]\w*)\s*\(/gm),
    ...lastMatch(
      code,
      /^\s*(?:const|let|var)\s+([A-Z]\w*)\s*(?::[^=]+)?=\s*(?:\(|async|function|React\.|memo|forwardRef)/gm,
    ),
    ...lastMatch(code, /^\s*class\s+([A-Z]\w*)\s+extends\s+(?:React\.)?(?:Pure)?Component/gm),
  ];
  if (declared.length === 0) return { selfMounting, exportName: null, appendExportOf: null };
  const pick = declared.includes('App') ? 'App' : lastDeclared(code, declared);
  return { selfMounting, exportName: 'default', appendExportOf: pick };
}

function lastDeclared(code: string, names: string[]): string {
  let best = names[0]!;
  let bestAt = -1;
  for (const name of names) {
    const at = code.search(new RegExp(`(function|const|let|var|class)\\s+${name}\\b`));
    if (at > bestAt) [best, bestAt] = [name, at];
  }
  return best;
}
