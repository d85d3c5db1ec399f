import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { promptPassword } from './password-prompt.js';

/** A terminal as the prompt sees one: a readable stream with raw mode. */
function terminal() {
  const input = new PassThrough() as PassThrough & {
    isTTY: boolean;
    setRawMode(raw: boolean): void;
    raw: boolean[];
  };
  input.isTTY = true;
  input.raw = [];
  input.setRawMode = (raw: boolean) => void input.raw.push(raw);
  let shown = '';
  const output = new PassThrough();
  output.on('data', (chunk: Buffer) => (shown += chunk.toString()));
  return { input, output, shown: () => shown };
}

describe('promptPassword', () => {
  it('reads a line in raw mode without echoing it, and honours backspace', async () => {
    const { input, output, shown } = terminal();
    const answer = promptPassword(
      'Contraseña: ',
      input as unknown as NodeJS.ReadStream,
      output as unknown as NodeJS.WriteStream,
    );
    input.write('clave-secretx\u007fa\r');
    expect(await answer).toBe('clave-secreta');
    expect(shown()).toBe('Contraseña: \n');
    expect(input.raw).toEqual([true, false]);
  });

  it('answers null without a terminal', async () => {
    const input = new PassThrough();
    expect(await promptPassword('Contraseña: ', input as unknown as NodeJS.ReadStream)).toBeNull();
  });
});
