import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** Real-browser journeys against the built portal; run with `npm run test:e2e`. */
export default defineConfig({
  root: path.resolve(import.meta.dirname, '..'),
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One portal and one browser at a time: the machine has two cores.
    fileParallelism: false,
  },
});
