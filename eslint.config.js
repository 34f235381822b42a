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
  // The domain holds the rules and returns rows: requests, wire shapes, serving, sockets and
  // the build pipeline call it, never the other way round.
  {
    target: './src/server/domain',
    from: [
      './src/server/http',
      './src/server/presenters',
      './src/server/hosting',
      './src/server/realtime',
      './src/server/pipeline',
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
      'import/no-restricted-paths': ['error', { zones }],
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
    // Test helpers read loosely-typed JSON bodies; precision there buys nothing.
    files: ['test/**', '**/*.test.ts', '**/*.test.tsx', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
