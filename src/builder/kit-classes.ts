import { parse, type Node } from 'acorn';
import * as esbuild from 'esbuild';

// What Tailwind reads of the kit (runtime/ui, lib, shims): our own code, whose classes are
// only ever in string literals. Reading its strings rather than its text leaves out words that
// happen to be utility names (an inline style's `transform:` key made `.transform`, and with
// it every --tw-translate/rotate/skew/scale default). And a cva component's variants are read
// apart: a page carries the styles of the variants it can ask for, not of all six buttons.

/** One kit file's classes: those it always may use, and each cva variant's own. */
export interface KitClasses {
  /** every string of the file outside its cva variants */
  always: string;
  /** `variant: { outline: '…' }` → { name: 'outline', classes: '…' } */
  variants: { name: string; classes: string }[];
}

type AnyNode = Node & Record<string, unknown>;

function isNode(value: unknown): value is AnyNode {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function children(node: AnyNode): AnyNode[] {
  const out: AnyNode[] = [];
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const v of value) if (isNode(v)) out.push(v);
    if (isNode(value)) out.push(value);
  }
  return out;
}

/** The strings in a subtree: literals and the fixed parts of template literals. */
function stringsIn(node: AnyNode, out: string[], skip: Set<AnyNode>): void {
  if (skip.has(node)) return;
  if (node.type === 'Literal' && typeof node.value === 'string') out.push(node.value);
  if (node.type === 'TemplateElement') out.push((node.value as { cooked?: string }).cooked ?? '');
  for (const child of children(node)) stringsIn(child, out, skip);
}

function propertyName(prop: AnyNode): string | null {
  const key = prop.key as AnyNode | undefined;
  if (!key || prop.computed) return null;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal') return String(key.value);
  return null;
}

function objectProperties(node: AnyNode | undefined): AnyNode[] {
  return node?.type === 'ObjectExpression'
    ? (node.properties as AnyNode[]).filter((p) => p.type === 'Property')
    : [];
}

/**
 * Reads one kit source file: TypeScript, with JSX unless `ts` (a `.ts` file may hold `<T>x`).
 * Through esbuild's running service: its sync form starts a process per call in a build thread.
 */
export async function readKitClasses(source: string, ts = false): Promise<KitClasses> {
  const loader = ts ? 'ts' : 'tsx';
  const { code } = await esbuild.transform(source, { loader, jsx: 'automatic' });
  const program = parse(code, {
    ecmaVersion: 'latest',
    sourceType: 'module',
  }) as unknown as AnyNode;
  const variants: KitClasses['variants'] = [];
  const owned = new Set<AnyNode>();
  const visit = (node: AnyNode) => {
    const callee = node.callee as AnyNode | undefined;
    if (node.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'cva') {
      const options = (node.arguments as AnyNode[])[1];
      const groups = objectProperties(options).find((p) => propertyName(p) === 'variants');
      for (const group of objectProperties(groups?.value as AnyNode)) {
        for (const choice of objectProperties(group.value as AnyNode)) {
          const name = propertyName(choice);
          if (name === null) continue;
          const classes: string[] = [];
          stringsIn(choice.value as AnyNode, classes, new Set());
          variants.push({ name, classes: classes.join(' ') });
          owned.add(choice);
        }
      }
    }
    for (const child of children(node)) visit(child);
  };
  visit(program);
  const always: string[] = [];
  stringsIn(program, always, owned);
  return { always: always.join('\n'), variants };
}

/**
 * The kit's classes a page can show: every file's own, and each variant that the page or the
 * kit's other code names as a word (`variant="outline"`, `buttonVariants({ variant: 'ghost' })`,
 * a default). A variant chosen only from data the page fetches is the one case this misses.
 */
export function kitContent(files: KitClasses[], pageSource: string): string {
  const always = files.map((f) => f.always).join('\n');
  const named = new Map<string, boolean>();
  const isNamed = (name: string) => {
    let seen = named.get(name);
    if (seen === undefined) {
      const word = new RegExp(`\\b${name.replace(/[^\w-]/g, '\\$&')}\\b`);
      named.set(name, (seen = word.test(pageSource) || word.test(always)));
    }
    return seen;
  };
  const chosen = files.flatMap((f) => f.variants.filter((v) => isNamed(v.name)));
  return [always, ...chosen.map((v) => v.classes)].join('\n');
}
