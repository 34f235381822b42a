import { describe, expect, it } from 'vitest';
import { readProjectSettings } from './project';

// What a project's own files say about building it: aliases, versions and build-time variables.

describe("a project's own settings", () => {
  const encode = (names: Record<string, string>) =>
    new Map(Object.entries(names).map(([p, t]) => [p, new TextEncoder().encode(t)]));
  const project = { page: '/index.html', entry: '/src/main.tsx', scriptTag: null };

  it('reads Vite aliases in their usual spellings, and tsconfig paths', () => {
    const vite = readProjectSettings(
      encode({
        '/index.html': '',
        '/vite.config.ts': `export default defineConfig({ resolve: { alias: {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  "~assets": path.resolve(__dirname, "src/assets"),
} } })`,
      }),
      project,
    );
    expect(vite.aliases).toEqual(
      expect.arrayContaining([
        { prefix: '@/', folders: ['/src/'] },
        { prefix: '~assets/', folders: ['/src/assets/'] },
      ]),
    );
    const listed = readProjectSettings(
      encode({
        '/index.html': '',
        '/vite.config.js': `resolve: { alias: [{ find: '@lib', replacement: path.resolve(__dirname, './src/lib') }] }`,
        '/jsconfig.json': `{ "compilerOptions": { "baseUrl": "./src", "paths": { "#ui/*": ["components/*"] } } }`,
      }),
      project,
    );
    expect(listed.aliases).toEqual(
      expect.arrayContaining([
        { prefix: '@lib/', folders: ['/src/lib/'] },
        { prefix: '#ui/', folders: ['/src/components/'] },
        // no `@` of its own: the upload's root, then src/
        { prefix: '@/', folders: ['/', '/src/'] },
      ]),
    );
  });

  it('takes versions from the import map before package.json, and only VITE_* keys from .env', () => {
    const settings = readProjectSettings(
      encode({
        '/index.html': `<script type="importmap">{"imports":{"genai":"https://esm.sh/@google/genai@^1.9.0","react-dom/":"https://esm.sh/react-dom@^19.1.0/"}}</script>`,
        '/package.json': JSON.stringify({
          dependencies: { '@google/genai': '0.1.0', zod: '^3.23.0' },
        }),
        '/.env': 'VITE_TITLE="Hello"\nSECRET_KEY=do-not-ship',
        '/.env.local': 'VITE_LOCAL=never-read',
      }),
      project,
    );
    expect(Object.fromEntries(settings.versions)).toEqual({
      '@google/genai': '^1.9.0',
      'react-dom': '^19.1.0',
      zod: '^3.23.0',
    });
    expect(Object.fromEntries(settings.renames)).toEqual({ genai: '@google/genai' });
    expect(Object.fromEntries(settings.env)).toEqual({ VITE_TITLE: 'Hello' });
  });
});
