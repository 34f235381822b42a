import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Part boundaries, so each part can be read and changed alone: shared imports nothing of ours;
// web never reaches the server or the builder; the server never reaches the web app; the
// builder stays pure.
const zones = [
  { target: './src/shared', from: ['./src/server', './src/web', './src/builder'] },
  { target: './src/web', from: ['./src/server', './src/builder'] },
  { target: './src/server', from: ['./src/web'] },
  { target: './src/builder', from: ['./src/server', './src/web'] },
  // The MCP tools run inside the server and in the command-line tool alike: the server's
  // side comes in through a port (src/server/mcp/domain-port.ts).
  { target: './src/mcp', from: ['./src/server', './src/web'] },
];

// Placement inside the server. Tests are exempt: they may read rows directly to check what a
// route left behind.
const serverZones = [
  // Routes reach data through the domain, never through SQL of their own.
  { target: './src/server/http', from: ['./src/server/db/queries'] },
  // The domain holds the rules and returns rows: requests, wire shapes, serving, sockets, the
  // build pipeline and the e-mail listeners call it, never the other way round.
  {
    target: './src/server/domain',
    from: [
      './src/server/http',
      './src/server/presenters',
      './src/server/hosting',
      './src/server/realtime',
      './src/server/pipeline',
      './src/server/mail',
    ],
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'coverage/**',
      '.cache/**',
      'test/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.jsx'] } } },
    rules: {
      'import/no-restricted-paths': ['error', { zones: [...zones, ...serverZones] }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'src/builder/runtime/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Presenters shape what the domain returned; they may name a query's row type but never
    // run one, so what a response says is decided before it is presented.
    files: ['src/server/presenters/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/queries/*', '**/db/queries'],
              allowTypeImports: true,
              message: 'Presenters shape rows they are given; run queries in the domain.',
            },
          ],
        },
      ],
    },
  },
  {
    // Test helpers read loosely-typed JSON bodies; precision there buys nothing.
    files: ['test/**', '**/*.test.ts', '**/*.test.tsx', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      'import/no-restricted-paths': ['error', { zones }],
    },
  },
);
