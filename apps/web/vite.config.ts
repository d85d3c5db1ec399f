import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { sourceResolution } from '../../vitest.shared.js';

/**
 * Announces the text fonts of the first screen in the page's head, so they
 * download beside the script instead of after the styles that name them: the
 * largest text on a phone is painted in its own font sooner.
 */
function preloadFirstScreenFonts(pattern: RegExp): Plugin {
  return {
    name: 'sufel-preload-first-screen-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) =>
        Object.keys(bundle ?? {})
          .filter((file) => pattern.test(file))
          .map((file) => ({
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `/${file}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head' as const,
          })),
    },
  };
}

/** Where the server finds the prerender of the first screens (never served: a dot folder). */
const PRERENDER_OUT_DIR = 'dist/.ssr';

export default defineConfig(({ isSsrBuild }) => ({
  ...sourceResolution,
  plugins: [react(), preloadFirstScreenFonts(/roboto-latin-(400|500)-normal-[\w-]+\.woff2$/)],
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/file': 'http://127.0.0.1:8080',
    },
  },
  ...(isSsrBuild
    ? {
        // One self-contained module the server imports at start, whatever it has installed.
        ssr: { ...sourceResolution.ssr, noExternal: true },
        // React's production build whatever NODE_ENV the server runs with: no
        // development diagnostics (stack traces, file paths) in served pages.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          outDir: PRERENDER_OUT_DIR,
          emptyOutDir: true,
          minify: false,
          copyPublicDir: false,
        },
      }
    : {
        // The manifest lets scripts/check-bundle.mjs measure what each page loads.
        // terser packs the first load 1–2 % smaller than esbuild: margin under the budget.
        build: { outDir: 'dist', sourcemap: true, manifest: true, minify: 'terser' },
      }),
}));
