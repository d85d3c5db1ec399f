import { runServer } from './run-server.js';

runServer();
