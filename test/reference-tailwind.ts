import postcss from 'postcss';
import tailwindcss from 'tailwindcss';
import animate from 'tailwindcss-animate';

// shadcn/ui's theme and CSS variables as artifacts expect them, kept here rather than imported
// from the builder so the reference does not move when the builder's theme does.

const color = (name: string) => `hsl(var(--${name}))`;
const pair = (name: string) => ({ DEFAULT: color(name), foreground: color(`${name}-foreground`) });

const SHADCN_THEME = {
  container: { center: true, padding: '2rem', screens: { '2xl': '1400px' } },
  extend: {
    colors: {
      border: color('border'),
      input: color('input'),
      ring: color('ring'),
      background: color('background'),
      foreground: color('foreground'),
      primary: pair('primary'),
      secondary: pair('secondary'),
      destructive: pair('destructive'),
      muted: pair('muted'),
      accent: pair('accent'),
      popover: pair('popover'),
      card: pair('card'),
      chart: {
        1: color('chart-1'),
        2: color('chart-2'),
        3: color('chart-3'),
        4: color('chart-4'),
        5: color('chart-5'),
      },
    },
    borderRadius: {
      lg: 'var(--radius)',
      md: 'calc(var(--radius) - 2px)',
      sm: 'calc(var(--radius) - 4px)',
    },
    keyframes: {
      'accordion-down': {
        from: { height: '0' },
        to: { height: 'var(--radix-accordion-content-height)' },
      },
      'accordion-up': {
        from: { height: 'var(--radix-accordion-content-height)' },
        to: { height: '0' },
      },
    },
    animation: {
      'accordion-down': 'accordion-down 0.2s ease-out',
      'accordion-up': 'accordion-up 0.2s ease-out',
    },
  },
};

const SHADCN_CSS = `@tailwind base;
@tailwind components;
@tailwind utilities;
@layer base {
  :root {
    --background: 0 0% 100%; --foreground: 222.2 84% 4.9%;
    --card: 0 0% 100%; --card-foreground: 222.2 84% 4.9%;
    --popover: 0 0% 100%; --popover-foreground: 222.2 84% 4.9%;
    --primary: 222.2 47.4% 11.2%; --primary-foreground: 210 40% 98%;
    --secondary: 210 40% 96.1%; --secondary-foreground: 222.2 47.4% 11.2%;
    --muted: 210 40% 96.1%; --muted-foreground: 215.4 16.3% 46.9%;
    --accent: 210 40% 96.1%; --accent-foreground: 222.2 47.4% 11.2%;
    --destructive: 0 84.2% 60.2%; --destructive-foreground: 210 40% 98%;
    --border: 214.3 31.8% 91.4%; --input: 214.3 31.8% 91.4%; --ring: 222.2 84% 4.9%;
    --chart-1: 12 76% 61%; --chart-2: 173 58% 39%; --chart-3: 197 37% 24%;
    --chart-4: 43 74% 66%; --chart-5: 27 87% 67%;
    --radius: 0.5rem;
  }
  .dark {
    --background: 222.2 84% 4.9%; --foreground: 210 40% 98%;
    --card: 222.2 84% 4.9%; --card-foreground: 210 40% 98%;
    --popover: 222.2 84% 4.9%; --popover-foreground: 210 40% 98%;
    --primary: 210 40% 98%; --primary-foreground: 222.2 47.4% 11.2%;
    --secondary: 217.2 32.6% 17.5%; --secondary-foreground: 210 40% 98%;
    --muted: 217.2 32.6% 17.5%; --muted-foreground: 215 20.2% 65.1%;
    --accent: 217.2 32.6% 17.5%; --accent-foreground: 210 40% 98%;
    --destructive: 0 62.8% 30.6%; --destructive-foreground: 210 40% 98%;
    --border: 217.2 32.6% 17.5%; --input: 217.2 32.6% 17.5%; --ring: 212.7 26.8% 83.9%;
    --chart-1: 220 70% 50%; --chart-2: 160 60% 45%; --chart-3: 30 80% 55%;
    --chart-4: 280 65% 60%; --chart-5: 340 75% 55%;
  }
  * { border-color: hsl(var(--border)); }
  body { background-color: hsl(var(--background)); color: hsl(var(--foreground)); }
}
`;

// Tailwind v4 accepts any multiple of 0.25rem on the spacing scale (h-18, size-13, gap-4.5);
// v3 only knows a sparse list. Spelling the whole v4 scale out lets the reference (and the
// class check) treat those classes as the assistant's Tailwind would.
const V4_SPACING: Record<string, string> = {};
for (let quarter = 0; quarter <= 96 * 4; quarter++) {
  const step = quarter / 4;
  V4_SPACING[String(step)] = step === 0 ? '0px' : `${step / 4}rem`;
}

/** The Tailwind config artifacts are written against: the kit's shadcn theme plus v4's scale. */
export function referenceTailwindConfig(content: { raw: string; extension: string }[]) {
  return {
    darkMode: ['class'],
    content,
    theme: {
      ...SHADCN_THEME,
      extend: { ...SHADCN_THEME.extend, spacing: V4_SPACING },
    },
    plugins: [animate],
  };
}

/** A full Tailwind compile of the given sources, the plain way: the PostCSS plugin, no caching. */
export async function compileReferenceTailwind(
  content: { raw: string; extension: string }[],
): Promise<string> {
  const result = await postcss([tailwindcss(referenceTailwindConfig(content) as never)]).process(
    SHADCN_CSS,
    { from: undefined },
  );
  return result.css;
}
