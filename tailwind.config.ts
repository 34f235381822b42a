import containerQueries from '@tailwindcss/container-queries';
import type { Config } from 'tailwindcss';

// The product's own look (the web app), separate from the kit artifacts use.
export default {
  darkMode: 'class',
  content: ['./src/web/**/*.{ts,tsx,html}'],
  theme: {
    extend: {
      colors: {
        brand: {
          50: '#eef4ff',
          100: '#dae6ff',
          200: '#bcd2ff',
          300: '#8eb4ff',
          400: '#598bff',
          500: '#3563f6',
          600: '#2046eb',
          700: '#1a36d0',
          800: '#1c30a8',
          900: '#1c2f84',
        },
      },
      fontFamily: {
        sans: ['Inter', 'ui-sans-serif', 'system-ui', 'Segoe UI', 'Roboto', 'sans-serif'],
      },
    },
  },
  // Container queries: a component laid out by the room its column gives it, not the window's.
  plugins: [containerQueries],
} satisfies Config;
