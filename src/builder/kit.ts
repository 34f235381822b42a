// What artifacts may import without the network: npm packages installed with the builder,
// and our shadcn-compatible kit (src/builder/runtime) behind the paths assistants write.

/** Packages bundled from the builder's own node_modules; never fetched from npm. */
export const PREINSTALLED_PACKAGES = [
  'react',
  'react-dom',
  'lucide-react',
  'recharts',
  'lodash',
  'd3',
  'three',
  '@react-three/fiber',
  '@react-three/drei',
  'framer-motion',
  'mathjs',
  'papaparse',
  'xlsx',
  'chart.js',
  'react-chartjs-2',
  'tone',
  'date-fns',
  'clsx',
  'mermaid',
  'react-confetti',
  'tailwind-merge',
  'class-variance-authority',
  'radix-ui',
  'sonner',
  'cmdk',
  'vaul',
  'react-day-picker',
] as const;

export const KIT_COMPONENTS = [
  'accordion',
  'alert',
  'alert-dialog',
  'avatar',
  'badge',
  'button',
  'calendar',
  'card',
  'checkbox',
  'collapsible',
  'command',
  'dialog',
  'dropdown-menu',
  'hover-card',
  'input',
  'label',
  'popover',
  'progress',
  'radio-group',
  'scroll-area',
  'select',
  'separator',
  'sheet',
  'skeleton',
  'slider',
  'sonner',
  'switch',
  'table',
  'tabs',
  'textarea',
  'toast',
  'toaster',
  'toggle',
  'tooltip',
  'use-toast',
] as const;

/** Specifiers served by files of our own runtime kit, relative to src/builder/runtime. */
export function kitSpecifiers(): Record<string, string> {
  const out: Record<string, string> = {
    '@/lib/utils': 'lib/utils.ts',
    '@/hooks/use-toast': 'ui/use-toast.ts',
    'next/image': 'shims/next-image.tsx',
    'next/link': 'shims/next-link.tsx',
  };
  for (const name of KIT_COMPONENTS) {
    out[`@/components/ui/${name}`] = name === 'use-toast' ? 'ui/use-toast.ts' : `ui/${name}.tsx`;
  }
  return out;
}

/** `@/components/ui/button.tsx` or `@components/ui/button` still mean the kit's button. */
export function normalizeKitSpecifier(spec: string): string {
  return spec.replace(/^@\/?(components|lib|hooks)\//, '@/$1/').replace(/\.(tsx?|jsx?)$/, '');
}

/** The package a bare specifier belongs to: `@scope/name/sub` → `@scope/name`. */
export function packageName(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? spec);
}
