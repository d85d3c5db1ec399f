import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { InboundSmtpConfig } from '../../config.js';
import { FileStoreUnavailableError } from '../../file-store/file-store.js';
import { tagOfListenerRecipient } from './inbox-address.js';
import type { InboxService } from './inbox.service.js';

/** The largest mail the listener takes, as SIZE advertises it. */
export const MAX_MAIL_BYTES = 25 * 1024 * 1024;
/** Connections served at once; each may hold a whole mail in memory. */
const MAX_CLIENTS = 20;
const MAX_RECIPIENTS = 50;

/** Where the listener reports; the app's logger in production. */
export interface ListenerLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/**
 * SMTP answers. The text is plain ASCII, as SMTP without SMTPUTF8 requires,
 * and in Spanish: the sender's mail server shows it to the person who wrote.
 */
function reply(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code });
}

const UNKNOWN_RECIPIENT = (address: string) =>
  reply(550, `5.1.1 <${address}>: direccion desconocida en este portal de comprobantes`);
const TOO_MANY_RECIPIENTS = reply(
  452,
  '4.5.3 Demasiados destinatarios; envie el resto en otro correo',
);
const STORE_DOWN = reply(
  452,
  '4.3.1 No hay espacio para guardar el correo en este momento; su servidor lo reintentara',
);
const TOO_LARGE = reply(
  552,
  '5.3.4 El correo supera el maximo de 25 MiB; envie los comprobantes en varios correos',
);
const TEMPORARY = reply(
  451,
  '4.3.0 Error temporal al guardar el correo; su servidor lo reintentara',
);

/** Reads the whole message; null when it went past the limit (nothing past it is kept). */
function collect(stream: SMTPServerDataStream): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_MAIL_BYTES) chunks.push(chunk);
    });
    stream.once('error', reject);
    stream.once('end', () => resolve(stream.sizeExceeded ? null : Buffer.concat(chunks)));
  });
}

/**
 * SUFEL's own MX: takes mail for the addresses of known receivers only
 * (refused at RCPT otherwise) and answers 250 only once the mail is stored
 * and its reading queued; when that fails it answers a temporary error, so
 * the sending server keeps the mail and tries again.
 */
export class SmtpListener {
  private server: SMTPServer | null = null;
  private readonly receivers = new Map<string, string[]>();

  constructor(
    private readonly config: InboundSmtpConfig,
    private readonly inbox: InboxService,
  ) {}

  /** The port it listens on (the one chosen when configured as 0). */
  get port(): number {
    const address = this.server?.server.address() as AddressInfo | null | undefined;
    if (address == null) throw new Error('the SMTP listener is not listening');
    return address.port;
  }

  async start(log: ListenerLog): Promise<void> {
    const tls =
      this.config.tls === undefined
        ? {}
        : {
            key: await readFile(this.config.tls.keyFile),
            cert: await readFile(this.config.tls.certFile),
          };
    const server = new SMTPServer({
      ...tls,
      name: this.config.domain,
      banner: 'SUFEL, recepcion de comprobantes electronicos',
      size: MAX_MAIL_BYTES,
      authOptional: true,
      disabledCommands: this.config.tls === undefined ? ['AUTH', 'STARTTLS'] : ['AUTH'],
      maxClients: MAX_CLIENTS,
      // Stopping waits this long for a transaction in flight, within the 10 s a stop is given.
      closeTimeout: 5_000,
      logger: false,
      onMailFrom: (_address, session, callback) => {
        this.receivers.delete(session.id);
        callback();
      },
      onRcptTo: (address, session, callback) => {
        this.acceptRecipient(address.address, session).then(
          () => callback(),
          (error: Error) => callback(error),
        );
      },
      onData: (stream, session, callback) => {
        this.acceptData(stream, session, log).then(
          () => callback(),
          (error: Error) => callback(error),
        );
      },
      onClose: (session) => this.receivers.delete(session.id),
    });
    // A client that drops its connection is its own business; the server goes on.
    server.on('error', (error) => log.warn({ err: error }, 'SMTP connection error'));
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.config.port, this.config.host, () => {
        server.server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    log.info({ port: this.port, domain: this.config.domain }, 'inbound SMTP listening');
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server !== null) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async acceptRecipient(address: string, session: SMTPServerSession): Promise<void> {
    const tag = tagOfListenerRecipient(address, this.config.domain);
    if (tag === null) throw UNKNOWN_RECIPIENT(address);
    const accepted = this.receivers.get(session.id) ?? [];
    if (accepted.length >= MAX_RECIPIENTS) throw TOO_MANY_RECIPIENTS;
    let receiver: string | undefined;
    try {
      receiver = (await this.inbox.receiversOf([tag])).get(tag);
    } catch {
      throw TEMPORARY;
    }
    if (receiver === undefined) throw UNKNOWN_RECIPIENT(address);
    accepted.push(receiver);
    this.receivers.set(session.id, accepted);
  }

  private async acceptData(
    stream: SMTPServerDataStream,
    session: SMTPServerSession,
    log: ListenerLog,
  ): Promise<void> {
    const raw = await collect(stream);
    const receivers = this.receivers.get(session.id) ?? [];
    // The envelope ends with the message: the next one on this connection names its own.
    this.receivers.delete(session.id);
    if (raw === null) throw TOO_LARGE;
    try {
      const head = await this.inbox.head(raw);
      await this.inbox.receive(raw, head, receivers, { via: 'smtp' });
    } catch (error) {
      if (error instanceof FileStoreUnavailableError) {
        log.warn(
          { err: error, fault: error.fault },
          'inbound mail refused: file store unavailable',
        );
        throw STORE_DOWN;
      }
      log.error({ err: error }, 'inbound mail refused: it could not be stored');
      throw TEMPORARY;
    }
  }
}
