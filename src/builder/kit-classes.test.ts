import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { kitContent, readKitClasses } from './kit-classes';
import { RUNTIME_DIR } from './paths';
import { compileTailwind } from './tailwind';

const BUTTON = `import { cva } from 'class-variance-authority';
const buttonVariants = cva('inline-flex h-10', {
  variants: {
    variant: {
      default: 'bg-primary',
      destructive:
        'bg-destructive text-white',
      'ghost': \`hover:bg-accent\`,
    },
    size: { default: 'px-4', icon: 'w-10' },
  },
  defaultVariants: { variant: 'default', size: 'default' },
});
export function Button({ variant, size }) {
  return <button style={{ transform: 'none' }} className={buttonVariants({ variant, size })} />;
}`;

describe('a kit file as Tailwind reads it', () => {
  it('holds its strings, with each cva variant apart and no code words', async () => {
    const kit = await readKitClasses(BUTTON);
    expect(kit.variants).toEqual([
      { name: 'default', classes: 'bg-primary' },
      { name: 'destructive', classes: 'bg-destructive text-white' },
      { name: 'ghost', classes: 'hover:bg-accent' },
      { name: 'default', classes: 'px-4' },
      { name: 'icon', classes: 'w-10' },
    ]);
    expect(kit.always).toContain('inline-flex h-10');
    expect(kit.always).not.toContain('bg-destructive');
    // an inline style's key is code, not a class
    expect(kit.always).not.toMatch(/\btransform\b/);
  });

  it('takes the variants the page or the kit names, and the defaults', async () => {
    const button = await readKitClasses(BUTTON);
    const onPage = kitContent([button], '<Button size="icon" />');
    expect(onPage).toContain('bg-primary');
    expect(onPage).toContain('w-10');
    expect(onPage).not.toContain('bg-destructive');
    expect(onPage).not.toContain('hover:bg-accent');
    const calendar = await readKitClasses(`const day = buttonVariants({ variant: 'ghost' });`);
    expect(kitContent([button, calendar], '')).toContain('hover:bg-accent');
  });

  it('loses no class of the whole kit but words that are not classes there', async () => {
    const names = ['ui', 'lib', 'shims'].flatMap((dir) =>
      readdirSync(path.join(RUNTIME_DIR, dir)).map((f) => path.join(RUNTIME_DIR, dir, f)),
    );
    const files = names.map((f) => readFileSync(f, 'utf8'));
    const kits = await Promise.all(
      files.map((text, i) => readKitClasses(text, names[i]!.endsWith('.ts'))),
    );
    const everyName = kits.flatMap((k) => k.variants.map((v) => v.name)).join(' ');
    const rules = async (content: string) => {
      const selectors = new Set<string>();
      postcss.parse((await compileTailwind(content)).css).walkRules((r) => {
        selectors.add(r.selector);
      });
      return selectors;
    };
    const fromText = await rules(files.join('\n'));
    const fromStrings = await rules(kitContent(kits, everyName));
    // calendar's `hidden:` key (a day-picker part) and progress's inline `transform:`: words
    // of the code, which no element of the kit wears as a class
    expect([...fromText].filter((s) => !fromStrings.has(s)).sort()).toEqual([
      '.hidden',
      '.transform',
    ]);
    expect([...fromStrings].filter((s) => !fromText.has(s))).toEqual([]);
  });
});
