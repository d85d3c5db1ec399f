import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP server received it. */
export interface CapturedMail {
  /** Envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  messageId: string;
  /** Raw header values by lower-cased name (unfolded; the last one when repeated). */
  headers: Record<string, string>;
}

export interface SmtpHarness {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  port: number;
  /** Every mail received so far, oldest first. */
  messages: CapturedMail[];
  /** The first mail (already received or still to come) that `match` accepts. */
  waitForMail(match: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  /** Connection errors the server reported (a client that hung up mid-transaction, say). */
  errors: Error[];
  /** Stops listening: connections are refused, as when a mail server is down. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
}

/** The first absolute link in a mail whose path starts with `pathPrefix`. */
export function linkIn(mail: CapturedMail, pathPrefix: string): URL {
  for (const candidate of mail.text.match(/https?:\/\/\S+/g) ?? []) {
    const url = new URL(candidate);
    if (url.pathname.startsWith(pathPrefix)) return url;
  }
  throw new Error(`No ${pathPrefix} link in the mail "${mail.subject}":\n${mail.text}`);
}

/**
 * A real SMTP server (npm `smtp-server`) on 127.0.0.1, without TLS or login,
 * keeping every mail it accepts. Port 0 picks a free one.
 */
export async function startSmtpHarness(port = 0): Promise<SmtpHarness> {
  const messages: CapturedMail[] = [];
  const errors: Error[] = [];
  const waiters = new Set<() => void>();

  const createServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            messages.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
              subject: parsed.subject ?? '',
              text: (parsed.text ?? '').trim(),
              messageId: parsed.messageId ?? '',
              headers: Object.fromEntries(
                parsed.headerLines.map(({ key, line }) => [
                  key,
                  line
                    .slice(line.indexOf(':') + 1)
                    .replace(/\r?\n[ \t]+/g, ' ')
                    .trim(),
                ]),
              ),
            });
            for (const wake of waiters) wake();
            callback();
          })
          .catch((error: unknown) => callback(error as Error));
      },
    });

  let server = createServer();
  const listen = (onPort: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(onPort, '127.0.0.1', () => {
        server.off('error', reject);
        // A server without an 'error' listener would crash the test process
        // on the first client that drops its connection.
        server.on('error', (error) => errors.push(error));
        resolve((server.server.address() as AddressInfo).port);
      });
    });
  const boundPort = await listen(port);

  return {
    url: `smtp://127.0.0.1:${boundPort}`,
    port: boundPort,
    messages,
    errors,
    waitForMail(match, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (found === undefined) return false;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(
              `No matching mail within ${timeoutMs} ms; received: ${JSON.stringify(messages.map((m) => [m.to, m.subject]))}`,
            ),
          );
        }, timeoutMs);
        waiters.add(wake);
        check();
      });
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
    async restart() {
      server = createServer();
      await listen(boundPort);
    },
  };
}
