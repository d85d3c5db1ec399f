/**
 * Asks for a password on the terminal without echoing it. Answers null when
 * there is no terminal to ask on (a script, a pipe), so the caller can say
 * which variable to set instead.
 */
export function promptPassword(
  question: string,
  input: NodeJS.ReadStream = process.stdin,
  output: NodeJS.WriteStream = process.stderr,
): Promise<string | null> {
  if (!input.isTTY) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (answer: string | null, error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(answer);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish(typed);
        if (char === '\u0003') return finish(null, new Error('Cancelado.'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    output.write(question);
    input.setRawMode(true);
    input.resume();
    input.on('data', onData);
  });
}
