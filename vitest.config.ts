import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    // `npm run test:coverage` prints a summary (CI does, after the gated runs); no threshold gates it.
    coverage: {
      provider: 'v8',
      reportOnFailure: true,
      reporter: ['text-summary', 'html'],
      include: ['packages/*/src/**', 'apps/*/src/**'],
      exclude: ['**/*.test.{ts,tsx}', '**/testing/**'],
    },
  },
});
