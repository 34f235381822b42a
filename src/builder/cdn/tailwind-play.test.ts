import { describe, expect, it } from 'vitest';
import { compilePlayCdn, findTailwindConfig, readTailwindConfig } from './tailwind-play';

describe('Tailwind Play CDN at build time', () => {
  it('reads tailwind.config as data, numeric keys and comments included', () => {
    const script = `// theme\ntailwind.config = { darkMode: 'class', theme: { extend: { colors: { brand: { 50: '#fff', 500: "#14b8a6" } } } }, /* } */ }\nconsole.log('}')`;
    expect(findTailwindConfig(script)).toMatch(/^\{ darkMode[\s\S]*\/\* \} \*\/ \}$/);
    expect(readTailwindConfig([script]).config).toEqual({
      darkMode: 'class',
      theme: { extend: { colors: { brand: { 50: '#fff', 500: '#14b8a6' } } } },
    });
  });
  it('uses the default theme, and says why, when the config computes values', () => {
    const read = readTailwindConfig([
      'tailwind.config = { theme: { extend: { spacing: sizes() } } }',
    ]);
    expect(read.config).toEqual({});
    expect(read.problem).toMatch(/computes a value/);
  });
  it('gives each page only its own classes when pages share a config', async () => {
    const config = { theme: { extend: { colors: { brand: { 500: '#123456' } } } } };
    const first = await compilePlayCdn('<p class="p-4 bg-brand-500">', config, '');
    const second = await compilePlayCdn('<p class="m-2 underline">', config, '');
    expect(first).toContain('.bg-brand-500');
    expect(second).toContain('.underline');
    expect(second).not.toContain('.p-4');
    expect(second).not.toContain('.bg-brand-500');
    expect(second).toContain('box-sizing: border-box');
    expect(await compilePlayCdn('<p class="p-4 bg-brand-500">', config, '')).toBe(first);
  });
});
