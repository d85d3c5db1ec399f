// The pool's worker entry when the server runs from its TypeScript sources
// (tests, benches): the worker thread loads them through tsx. The built server
// uses dist/workers/worker-tasks.js directly.
import { register } from 'tsx/esm/api';

register();
const { default: runTask } = await import('./worker-tasks.ts');

export default runTask;
