// shadcn/ui's Tailwind theme and CSS variables (light and dark), so kit components and
// artifact classes like `bg-primary` or `text-muted-foreground` look as they do in Claude.

const color = (name: string) => `hsl(var(--${name}))`;

/**
 * Tailwind v4 computes spacing as a multiple of 0.25rem, so `h-18` or `size-13` work there
 * though v3's fixed scale lacks them: every quarter step to 24 and every whole step to 200.
 */
function v4Spacing(): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (n: number) => (out[String(n)] = `${n / 4}rem`);
  for (let q = 1; q <= 96; q++) add(q / 4);
  for (let n = 25; n <= 200; n++) add(n);
  return out;
}

/** v4 accepts any integer here, and any whole percent for opacity. */
function steps(to: number, value: (n: number) => string): Record<string, string> {
  const out: Record<string, string> = {};
  for (let n = 0; n <= to; n++) out[String(n)] = value(n);
  return out;
}
const pair = (name: string) => ({ DEFAULT: color(name), foreground: color(`${name}-foreground`) });

export const TAILWIND_THEME = {
  container: { center: true, padding: '2rem', screens: { '2xl': '1400px' } },
  extend: {
    spacing: v4Spacing(),
    zIndex: steps(100, String),
    opacity: steps(100, (n) => String(n / 100)),
    gridTemplateColumns: steps(24, (n) => `repeat(${n}, minmax(0, 1fr))`),
    gridTemplateRows: steps(24, (n) => `repeat(${n}, minmax(0, 1fr))`),
    gridColumn: Object.fromEntries(
      Array.from({ length: 24 }, (_, i) => [`span-${i + 1}`, `span ${i + 1} / span ${i + 1}`]),
    ),
    // names v4 gave the smallest steps, and its new `bg-linear-*` gradients
    boxShadow: { xs: '0 1px 2px 0 rgb(0 0 0 / 0.05)', '2xs': '0 1px rgb(0 0 0 / 0.05)' },
    dropShadow: { xs: '0 1px 1px rgb(0 0 0 / 0.05)' },
    blur: { xs: '4px' },
    backgroundImage: Object.fromEntries(
      Object.entries({
        t: 'top',
        tr: 'top right',
        r: 'right',
        br: 'bottom right',
        b: 'bottom',
        bl: 'bottom left',
        l: 'left',
        tl: 'top left',
      }).map(([k, dir]) => [
        `linear-to-${k}`,
        `linear-gradient(to ${dir}, var(--tw-gradient-stops))`,
      ]),
    ),
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
      xs: '0.125rem',
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

export const BASE_CSS = `@tailwind base;
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
