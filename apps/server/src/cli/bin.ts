#!/usr/bin/env node
import { runCli } from './main.js';

// Exit explicitly: idle keep-alive sockets would otherwise hold the process a few seconds.
process.exit(await runCli(process.argv.slice(2)));
