import { ImapFlow } from 'imapflow';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { InboundImapConfig } from '../../config.js';
import { FileStoreUnavailableError } from '../../file-store/file-store.js';
import { tagOfMailboxAddress } from './inbox-address.js';
import type { InboxRepository } from './inbox.repository.js';
import type { InboxService } from './inbox.service.js';
import type { MailHead } from './mail-reading.js';
import type { ListenerLog } from './smtp-listener.js';
import { MAX_MAIL_BYTES } from './smtp-listener.js';

const LEASE = 'imap';
/** A poll must end within this; the instance renews it at each poll. */
const LEASE_MS = 5 * 60_000;
/** Messages taken per poll; the rest wait for the next one, which follows at once. */
const BATCH = 100;
const TIMEOUT_MS = 30_000;

/** What one poll did. */
export interface PollReport {
  /** `busy`: another instance holds the mailbox; `failed`: the mailbox could not be read. */
  outcome: 'read' | 'busy' | 'failed';
  /** Messages stored for one or more receivers and moved to the processed folder. */
  taken: number;
  /** Messages for no known receiver, or too large, moved to the rejected folder. */
  rejected: number;
  /** More messages were waiting than one poll takes. */
  more: boolean;
}

interface Listed {
  uid: number;
  size: number;
}

/** The receivers' tags a message was delivered to: the delivery headers, else To and Cc. */
function tagsOf(head: MailHead, mailbox: string): string[] {
  const tagsIn = (addresses: string[]) =>
    addresses
      .map((address) => tagOfMailboxAddress(address, mailbox))
      .filter((tag): tag is string => tag !== null);
  const delivered = tagsIn(head.deliveredTo);
  return [...new Set(delivered.length > 0 ? delivered : tagsIn(head.addressedTo))];
}

/**
 * Reads the operator's mailbox for operators who cannot run an MX: each
 * message addressed to `<local>+<tag>@<domain>` is stored for the receiver of
 * the tag, and only then moved to the processed folder, so a stop at any
 * moment loses nothing and reads nothing twice. One instance polls at a time:
 * it holds a lease in the database, renewed at each poll.
 */
export class ImapPoller {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<PollReport> | null = null;
  private stopping = false;
  private log: ListenerLog | null = null;
  private failing = false;
  private readonly holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  constructor(
    private readonly config: InboundImapConfig,
    private readonly inbox: InboxService,
    private readonly repository: InboxRepository,
    private readonly now: () => Date,
  ) {}

  start(log: ListenerLog): void {
    this.log = log;
    this.stopping = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
    await this.repository.releaseLease(LEASE, this.holder, this.now()).catch(() => undefined);
  }

  /** Polls now (or waits for the poll in progress) and answers what it did. */
  pollNow(): Promise<PollReport> {
    this.running ??= this.poll().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopping) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.pollNow().then((report) => this.schedule(report.more ? 0 : this.config.pollMs));
    }, delayMs);
    this.timer.unref();
  }

  private async poll(): Promise<PollReport> {
    const report: PollReport = { outcome: 'read', taken: 0, rejected: 0, more: false };
    const now = this.now();
    try {
      if (
        !(await this.repository.takeLease(
          LEASE,
          this.holder,
          now,
          new Date(now.getTime() + LEASE_MS),
        ))
      ) {
        return { ...report, outcome: 'busy' };
      }
    } catch (error) {
      this.log?.error({ err: error }, 'inbound IMAP: the poll lease could not be taken');
      return { ...report, outcome: 'failed' };
    }
    const url = new URL(this.config.url);
    const client = new ImapFlow({
      host: url.hostname,
      port: url.port === '' ? (url.protocol === 'imaps:' ? 993 : 143) : Number(url.port),
      secure: url.protocol === 'imaps:',
      auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
      logger: false,
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
      // A message over the size taken in is never fetched; nothing larger is expected.
      maxLiteralSize: MAX_MAIL_BYTES + 1024 * 1024,
      maxResponseSize: MAX_MAIL_BYTES + 2 * 1024 * 1024,
    });
    // Errors also come as events; without a listener one would end the process.
    client.on('error', (error: Error) =>
      this.log?.warn({ err: error }, 'inbound IMAP connection error'),
    );
    try {
      await client.connect();
      const mailbox = decodeURIComponent(url.pathname.slice(1)) || 'INBOX';
      for (const folder of [this.config.folder, this.config.rejectedFolder]) {
        await client.mailboxCreate(folder);
      }
      const lock = await client.getMailboxLock(mailbox);
      try {
        await this.readMailbox(client, report);
      } finally {
        lock.release();
      }
      await client.logout();
      if (this.failing) this.log?.info({}, 'inbound IMAP: the mailbox answers again');
      this.failing = false;
      return report;
    } catch (error) {
      client.close();
      // Said once when it starts failing, not at every poll while it stays down.
      if (!this.failing) {
        this.log?.warn(
          { err: error, taken: report.taken },
          'inbound IMAP: the mailbox could not be read; trying again at the next poll',
        );
      }
      this.failing = true;
      return { ...report, outcome: 'failed' };
    }
  }

  private async readMailbox(client: ImapFlow, report: PollReport): Promise<void> {
    const opened = client.mailbox;
    if (opened === false || opened.exists === 0) return;
    const listed: Listed[] = [];
    for await (const message of client.fetch('1:*', { uid: true, size: true })) {
      listed.push({ uid: message.uid, size: message.size ?? 0 });
    }
    report.more = listed.length > BATCH;
    for (const { uid, size } of listed.slice(0, BATCH)) {
      if (this.stopping) return;
      const taken =
        size <= MAX_MAIL_BYTES && (await this.take(client, uid, String(opened.uidValidity)));
      await client.messageMove(
        String(uid),
        taken ? this.config.folder : this.config.rejectedFolder,
        {
          uid: true,
        },
      );
      if (taken) report.taken += 1;
      else report.rejected += 1;
    }
  }

  /** Stores a message for its receivers; false when it has none. Throws, leaving it in place, when it cannot be stored. */
  private async take(client: ImapFlow, uid: number, uidValidity: string): Promise<boolean> {
    const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
    if (message === false || message.source === undefined) return false;
    const raw = new Uint8Array(message.source);
    const head = await this.inbox.head(raw);
    const receivers = await this.inbox.receiversOf(tagsOf(head, this.config.address));
    if (receivers.size === 0) {
      this.log?.info(
        { uid, to: head.deliveredTo.concat(head.addressedTo) },
        'inbound IMAP: message for no receiver',
      );
      return false;
    }
    try {
      await this.inbox.receive(raw, head, [...receivers.values()], {
        via: 'imap',
        message: `${uidValidity}:${uid}`,
      });
    } catch (error) {
      if (error instanceof FileStoreUnavailableError) {
        this.log?.warn(
          { err: error, fault: error.fault },
          'inbound IMAP: file store unavailable; the message stays in the mailbox',
        );
      }
      throw error;
    }
    return true;
  }
}
