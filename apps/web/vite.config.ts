import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sourceResolution } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceResolution,
  plugins: [react()],
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/file': 'http://127.0.0.1:8080',
    },
  },
  // The manifest lets scripts/check-bundle.mjs measure what each page loads.
  // terser packs the first load 1–2 % smaller than esbuild: margin under the budget.
  build: { outDir: 'dist', sourcemap: true, manifest: true, minify: 'terser' },
});
