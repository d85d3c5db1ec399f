import { vi } from 'vitest';
import { runCli } from '../../src/cli/main.js';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/** Runs one command line of the CLI in this process, with what it printed. */
export async function captureCli(argv: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const info = vi
    .spyOn(console, 'info')
    .mockImplementation((...args) => void out.push(args.join(' ')));
  const error = vi
    .spyOn(console, 'error')
    .mockImplementation((...args) => void err.push(args.join(' ')));
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    const code = await runCli(argv);
    return { code, out: out.join('\n'), err: err.join('\n') };
  } finally {
    info.mockRestore();
    error.mockRestore();
    stderr.mockRestore();
  }
}
