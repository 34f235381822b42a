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
  },
  server: { port: 5173 },
});
