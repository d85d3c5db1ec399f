import type { PasswordRating } from '@sufel/password-strength';
import {
  parseSignedSunatDocumentIfCheap,
  parseSunatDocument,
  UblError,
  type SignedSunatDocument,
  type SunatDocument,
} from '@sufel/ubl';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { AppError } from '../errors.js';
import type { RenderRequest } from '../modules/files/pdf-renderer.js';
import { renderDuration, rendersOverBudget } from './render-metrics.js';
import type { WorkerAnswer, WorkerTask } from './worker-tasks.js';

export interface WorkBudget {
  /** Worker threads. */
  workers: number;
  /** Longest a task may run once a worker has it. */
  timeoutMs: number;
  /** Heap of each worker (old generation). */
  memoryMb: number;
}

/** XML up to this size is parsed on the main thread: it takes a few milliseconds. */
export const INLINE_PARSE_MAX_BYTES = 1024 * 1024;

/**
 * A password rating's own time budget, whatever RENDER_TIMEOUT_MS says: a
 * worker's first rating also loads the dictionaries (about half a second).
 */
const PASSWORD_RATING_TIMEOUT_MS = 10_000;

/** Scheduling priority of the worker threads below the main thread's (Linux nice). */
const WORKER_NICENESS = 10;

/** Tasks waiting for a worker, per worker, before new ones are turned away. */
const QUEUE_PER_WORKER = 32;

/** A task ran out of its time or memory; its worker was replaced. */
export class WorkOverBudget extends Error {
  constructor(
    readonly reason: 'time' | 'memory',
    readonly budgetMs: number,
  ) {
    super(`The task went over its ${reason} budget`);
    this.name = 'WorkOverBudget';
  }
}

/** The pool is closing or its queue is full: the task did not run, and may later. */
export class WorkPoolUnavailable extends Error {
  constructor(readonly why: 'busy' | 'closed') {
    super(`The worker pool is ${why}`);
    this.name = 'WorkPoolUnavailable';
  }
}

const BUSY_RETRY_AFTER_SECONDS = 5;

/** The answer while the pool is closing or full: nothing is wrong with the document. */
export function serverBusy(documentId?: number): AppError {
  return new AppError(
    'unavailable',
    'serverBusy',
    { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
    {},
    documentId === undefined ? {} : { documentId },
  );
}

/** Built server: the compiled worker beside this file; sources: the same through tsx. */
function workerEntry(): { filename: string; execArgv: string[] } {
  const compiled = new URL('./worker-tasks.js', import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return { filename: compiled.href, execArgv: [] };
  return {
    filename: new URL('./source-worker.mjs', import.meta.url).href,
    execArgv: ['--conditions=sufel-source'],
  };
}

function isOutOfMemory(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
}

/**
 * The threads where heavy work runs, so the main thread only routes, checks
 * and queries: PDF renders, signature checks, the parsing of large XML and
 * the rating of new passwords. Each task gets a
 * worker of its own, starts its clock when it gets one, and is stopped when
 * it runs over its time or memory budget — piscina then replaces the worker.
 */
export class WorkPool {
  private piscina: Piscina | null = null;
  private running = 0;
  private readonly waiting: { start: () => void; refuse: (error: Error) => void }[] = [];
  private closed = false;

  constructor(readonly budget: Readonly<WorkBudget>) {}

  /** The printed PDF of a stored document. */
  renderPdf = async (request: RenderRequest): Promise<Uint8Array> => {
    const started = performance.now();
    const elapsed = () => (performance.now() - started) / 1000;
    try {
      const answer = await this.run({ kind: 'render', request });
      if (answer.kind !== 'pdf') throw new Error(`Unexpected answer ${answer.kind} to a render`);
      renderDuration.observe({ outcome: 'ok' }, elapsed());
      return answer.bytes;
    } catch (error) {
      if (error instanceof WorkOverBudget) {
        renderDuration.observe({ outcome: 'over_budget' }, elapsed());
        rendersOverBudget.inc({ reason: error.reason });
      } else if (!(error instanceof WorkPoolUnavailable)) {
        renderDuration.observe({ outcome: 'failed' }, elapsed());
      }
      throw error;
    }
  };

  /**
   * A UBL document or a retention or perception receipt; large files are
   * parsed in a worker. Throws UblError when refused.
   */
  parseDocument = async (xml: Uint8Array, maxBytes?: number): Promise<SunatDocument> => {
    if (xml.byteLength <= INLINE_PARSE_MAX_BYTES) return parseSunatDocument(xml, { maxBytes });
    const answer = await this.run({ kind: 'parse', xml, maxBytes });
    if (answer.kind === 'refused') throw new UblError(answer.code, answer.message);
    if (answer.kind !== 'document') throw new Error(`Unexpected answer ${answer.kind} to a parse`);
    return answer.document;
  };

  /**
   * A UBL document and the check of its signature. A signature in the common
   * SUNAT shape costs about one more reading of the XML and is checked here like
   * any parse; any other costs ten to twenty (xml-crypto parses the XML again
   * into a DOM and walks it with XPath), so it runs in a worker: the main thread
   * keeps answering while the workers verify.
   */
  parseSignedDocument = async (
    xml: Uint8Array,
    maxBytes?: number,
  ): Promise<SignedSunatDocument> => {
    if (xml.byteLength <= INLINE_PARSE_MAX_BYTES) {
      const signed = parseSignedSunatDocumentIfCheap(xml, { maxBytes });
      if (signed !== null) return signed;
    }
    const answer = await this.run({ kind: 'parse', xml, maxBytes, verify: true });
    if (answer.kind === 'refused') throw new UblError(answer.code, answer.message);
    if (answer.kind !== 'document' || answer.signature === undefined) {
      throw new Error(`Unexpected answer ${answer.kind} to a signed parse`);
    }
    return { document: answer.document, signature: answer.signature };
  };

  /**
   * How guessable a password is. Rating one takes tens of milliseconds, and up
   * to seconds for long repetitions, so it never runs on the main thread.
   */
  ratePassword = async (
    password: string,
    accountWords: readonly string[],
  ): Promise<PasswordRating> => {
    const answer = await this.run(
      { kind: 'rate-password', password, accountWords },
      PASSWORD_RATING_TIMEOUT_MS,
    );
    if (answer.kind !== 'password-rating') {
      throw new Error(`Unexpected answer ${answer.kind} to a password rating`);
    }
    return answer.rating;
  };

  /** Stops every worker: running and waiting tasks fail at once with WorkPoolUnavailable. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter.refuse(new WorkPoolUnavailable('closed'));
    const piscina = this.piscina;
    this.piscina = null;
    await piscina?.destroy();
  }

  private pool(): Piscina {
    if (this.piscina === null) {
      const { filename, execArgv } = workerEntry();
      this.piscina = new Piscina({
        filename,
        execArgv,
        minThreads: 1,
        maxThreads: this.budget.workers,
        idleTimeout: 60_000,
        // Workers yield the CPU to the main thread, which answers everyone else.
        niceIncrement: WORKER_NICENESS,
        resourceLimits: {
          maxOldGenerationSizeMb: this.budget.memoryMb,
          maxYoungGenerationSizeMb: Math.min(64, Math.ceil(this.budget.memoryMb / 8)),
        },
      });
    }
    return this.piscina;
  }

  private async run(
    task: WorkerTask,
    timeoutMs: number = this.budget.timeoutMs,
  ): Promise<WorkerAnswer> {
    await this.acquire();
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      return (await this.pool().run(task, { signal: controller.signal })) as WorkerAnswer;
    } catch (error) {
      if (timedOut) throw new WorkOverBudget('time', timeoutMs);
      if (isOutOfMemory(error)) throw new WorkOverBudget('memory', timeoutMs);
      if (this.closed) throw new WorkPoolUnavailable('closed');
      throw error;
    } finally {
      clearTimeout(timer);
      this.release();
    }
  }

  /** A worker of its own for the next task, so its clock measures work, not waiting. */
  private acquire(): Promise<void> {
    if (this.closed) return Promise.reject(new WorkPoolUnavailable('closed'));
    if (this.running < this.budget.workers) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.budget.workers * QUEUE_PER_WORKER) {
      return Promise.reject(new WorkPoolUnavailable('busy'));
    }
    return new Promise((start, refuse) => this.waiting.push({ start, refuse }));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next === undefined) this.running -= 1;
    else next.start();
  }
}
