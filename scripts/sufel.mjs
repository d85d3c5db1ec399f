// `npm run sufel -- <command>`: the operator and issuer CLI (builds the server first if needed).
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded({
  only: ['@sufel/contract', '@sufel/ubl', '@sufel/sire', '@sufel/print', '@sufel/server'],
});
const { runCli } = await import('../apps/server/dist/cli/main.js');
process.exit(await runCli(process.argv.slice(2)));
