// `npm start`: builds what is not built, then runs the portal in this process.
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
await import('../apps/server/dist/main.js');
