import { countOf } from '@sufel/contract';
import { AppError, said } from '../../errors.js';

const HOUR_MS = 60 * 60_000;

/**
 * Keeps one receiver from monopolising the server with exports: one export at
 * a time per receiver, and at most `perHour` started in any hour. Each process
 * keeps its own counts.
 */
export class ExportLimiter {
  private readonly active = new Set<string>();
  private readonly started = new Map<string, number[]>();

  constructor(
    private readonly perHour: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Admits an export for `receiverRuc` or throws a 429; call `release` once it ends. */
  admit(receiverRuc: string): () => void {
    if (this.active.has(receiverRuc)) {
      throw new AppError('too_many_attempts', 'exportRunning', { 'retry-after': '30' });
    }
    const time = this.now();
    const recent = (this.started.get(receiverRuc) ?? []).filter((at) => at > time - HOUR_MS);
    if (recent.length >= this.perHour) {
      const minutes = Math.max(1, Math.ceil((recent[0]! + HOUR_MS - time) / 60_000));
      throw new AppError(
        'too_many_attempts',
        said('exportsPerHour', {
          done: countOf(this.perHour, 'exportación', 'exportaciones'),
          wait: countOf(minutes, 'minuto', 'minutos'),
        }),
        { 'retry-after': String(minutes * 60) },
      );
    }
    recent.push(time);
    this.started.set(receiverRuc, recent);
    this.active.add(receiverRuc);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active.delete(receiverRuc);
    };
  }
}
