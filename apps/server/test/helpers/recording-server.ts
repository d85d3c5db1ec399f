import { appendFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  IntakeOutcome,
  ReceivedDocumentsIntake,
} from '../../src/modules/inbox/received-intake.js';
import { runServer } from '../../src/run-server.js';

/**
 * The real server, started as `src/main.ts` starts it, with an intake that
 * appends each call to the file RECORDING_INTAKE_LOG (a JSON line, written
 * before it answers) and then waits RECORDING_INTAKE_DELAY_MS, so that a test
 * can kill the process while a mail is being read.
 */
const log = process.env.RECORDING_INTAKE_LOG!;
const delayMs = Number(process.env.RECORDING_INTAKE_DELAY_MS ?? '0');

const intake: ReceivedDocumentsIntake = {
  prepare(receiverRuc, files) {
    return Promise.resolve({
      async store() {
        appendFileSync(
          log,
          `${JSON.stringify({ pid: process.pid, receiverRuc, files: files.map((file) => file.name) })}\n`,
        );
        if (delayMs > 0) await sleep(delayMs);
        return files.map((file, index): IntakeOutcome => ({
          archivo: file.name,
          estado: 'agregado',
          motivo: null,
          id: index + 1,
        }));
      },
    });
  },
};

runServer({ receivedIntake: intake });
