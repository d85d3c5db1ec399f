import type { FastifyBaseLogger } from 'fastify';
import type { OutboxRepository } from './outbox.repository.js';
import type { MailTransport } from './smtp-transport.js';

export interface MailWorkerOptions {
  /** How often the queue is looked at when nothing wakes the worker. */
  pollMs: number;
  /** Mails claimed per round. */
  batch: number;
  /** A claimed mail is retried after this long if its sender vanished. */
  leaseMs: number;
  /** After this many failed attempts a mail is given up. */
  maxAttempts: number;
  /** Wait before attempt n + 1 after n failures. */
  backoffMs: (failures: number) => number;
}

export const DEFAULT_MAIL_WORKER_OPTIONS: MailWorkerOptions = {
  pollMs: 5_000,
  batch: 20,
  leaseMs: 5 * 60_000,
  maxAttempts: 10,
  // 30 s, 1 min, 2 min … capped at 1 h: about a day of retries in all.
  backoffMs: (failures) => Math.min(30_000 * 2 ** (failures - 1), 60 * 60_000),
};

/**
 * Sends queued mail outside any request: on a timer, and right away when
 * woken after a mail was queued. One round at a time per process; several
 * processes share the queue safely (rows are claimed, not read).
 */
export class MailWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private log: FastifyBaseLogger | null = null;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly now: () => Date,
    private readonly options: MailWorkerOptions = DEFAULT_MAIL_WORKER_OPTIONS,
  ) {}

  start(log: FastifyBaseLogger): void {
    this.log = log;
    this.stopped = false;
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    this.transport.close();
  }

  /** Looks at the queue now (or right after the round in progress). */
  wake(): void {
    if (this.stopped) return;
    if (this.running !== null) {
      this.again = true;
      return;
    }
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.drain().then(() => {
      this.running = null;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.wake();
      } else {
        this.timer = setTimeout(() => this.wake(), this.options.pollMs);
        this.timer.unref();
      }
    });
  }

  /** Sends every mail due now; answers how many were handed to the server. */
  async drain(): Promise<number> {
    let sent = 0;
    try {
      for (;;) {
        const due = await this.outbox.claimDue(
          this.now(),
          this.options.batch,
          this.options.leaseMs,
        );
        for (const mail of due) {
          if (await this.sendOne(mail)) sent += 1;
        }
        if (due.length < this.options.batch || this.stopped) return sent;
      }
    } catch (error) {
      this.log?.error({ err: error }, 'mail queue unavailable');
      return sent;
    }
  }

  private async sendOne(mail: {
    id: number;
    recipient: string;
    subject: string;
    body: string;
    attempts: number;
    headers: string | null;
  }): Promise<boolean> {
    try {
      await this.transport.send({
        from: this.from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.body,
        messageId: `<sufel-mail-${mail.id}@${domainOf(this.from)}>`,
        ...(mail.headers === null
          ? {}
          : { headers: JSON.parse(mail.headers) as Record<string, string> }),
      });
      await this.outbox.markSent(mail.id, this.now());
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const retryAt =
        mail.attempts >= this.options.maxAttempts
          ? null
          : new Date(this.now().getTime() + this.options.backoffMs(mail.attempts));
      this.log?.warn(
        { mail: mail.id, attempts: mail.attempts, retryAt, reason },
        retryAt === null ? 'mail given up' : 'mail not sent, will retry',
      );
      await this.outbox.markFailed(mail.id, reason.slice(0, 1000), retryAt);
      return false;
    }
  }
}

function domainOf(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
}
