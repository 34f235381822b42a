import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The React app lives in src/web and is built into dist/web, which the server serves.
export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // zod and the app's setting for it (no compiled validators: the CSP forbids eval) share
        // one chunk, so the setting runs before any chunk that builds a schema at load time;
        // otherwise chunk imports are evaluated before the entry's own first line.
        codeSplitting: {
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]web[\\/]zod-config\.ts$/ },
            // The source editor's CodeMirror, loaded only when someone opens the editor.
            {
              name: 'codemirror',
              test: /node_modules[\\/](@codemirror|codemirror|@lezer|style-mod|w3c-keyname|crelt)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173 },
});
