import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.js';
import { JobFailure, RetryJob, type JobContext, type JobHandler } from './job-handler.js';
import { JobQueue } from './job-queue.js';
import {
  DEFAULT_JOB_WORKER_OPTIONS,
  JobWorker,
  type JobWorkerOptions,
  type WorkerLog,
} from './job-worker.js';
import { JobsRepository } from './jobs.repository.js';

const Payload = z.object({ n: z.number().int() });
type Payload = z.infer<typeof Payload>;

let database: TestDatabase;
let kindCounter = 0;
const workers: JobWorker[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});
afterAll(async () => {
  await database.drop();
});

interface Call {
  n: number;
  at: number;
  context: JobContext;
}

/** A kind of its own per test, so tests never run each other's jobs. */
function testKind(
  run: (payload: Payload, context: JobContext) => Promise<void>,
  options: Partial<JobHandler<Payload>> = {},
): JobHandler<Payload> & { calls: Call[] } {
  kindCounter += 1;
  const calls: Call[] = [];
  return {
    kind: `test.kind-${kindCounter}`,
    payload: Payload,
    calls,
    async run(payload, context) {
      calls.push({ n: payload.n, at: performance.now(), context });
      await run(payload, context);
    },
    ...options,
  };
}

const quiet: WorkerLog = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** A queue and a worker as one instance of the app would have them. */
async function instance(
  handlers: JobHandler<Payload>[],
  options: Partial<JobWorkerOptions> = {},
  clock: () => Date = () => new Date(),
): Promise<{ queue: JobQueue; worker: JobWorker; repository: JobsRepository }> {
  const repository = new JobsRepository(database.db);
  const queue = new JobQueue(repository, clock);
  for (const handler of handlers) queue.register(handler);
  const worker = new JobWorker(
    queue,
    repository,
    clock,
    { ...DEFAULT_JOB_WORKER_OPTIONS, pollMs: 60_000, ...options },
    database.listen,
  );
  workers.push(worker);
  await worker.start(quiet);
  return { queue, worker, repository };
}

async function jobsOf(kind: string) {
  return database.db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
}

const ok = () => Promise.resolve();

describe('job queue', () => {
  it('runs a queued job once, woken by NOTIFY rather than by polling', async () => {
    const handler = testKind(ok);
    const { queue } = await instance([handler]);
    // The worker has looked once at start and would next look in a minute.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const queuedAt = performance.now();
    await queue.add(database.db, handler, [{ payload: { n: 1 } }]);
    await expect.poll(() => handler.calls.length).toBe(1);
    expect(handler.calls[0]!.at - queuedAt).toBeLessThan(2_000);
    expect(handler.calls[0]!.context.attempt).toBe(1);
    await expect.poll(async () => (await jobsOf(handler.kind))[0]?.state).toBe('done');
    const [row] = await jobsOf(handler.kind);
    expect(row).toMatchObject({ attempts: 1, last_error: null });
    expect(row!.finished_at).toBeInstanceOf(Date);
  });

  it('runs a job queued in a transaction only once the transaction commits, and never if it rolls back', async () => {
    const handler = testKind(ok);
    const { queue } = await instance([handler]);
    await database.db
      .transaction()
      .execute(async (trx) => {
        await queue.add(trx, handler, [{ payload: { n: 1 } }]);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await database.db.transaction().execute(async (trx) => {
      await queue.add(trx, handler, [{ payload: { n: 2 } }]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(handler.calls).toHaveLength(0);
    });
    await expect.poll(() => handler.calls.map((call) => call.n)).toEqual([2]);
  });

  it('retries a failing job with exponential backoff, then gives up recording the reason', async () => {
    const handler = testKind(() => Promise.reject(new Error('SUNAT respondió 503')), {
      maxAttempts: 3,
      backoffMs: (failures) => 100 * 2 ** (failures - 1),
    });
    const { queue } = await instance([handler]);
    await queue.add(database.db, handler, [{ payload: { n: 1 } }]);
    await expect.poll(async () => (await jobsOf(handler.kind))[0]?.state).toBe('failed');
    expect(handler.calls.map((call) => call.context.attempt)).toEqual([1, 2, 3]);
    const [first, second, third] = handler.calls.map((call) => call.at);
    expect(second! - first!).toBeGreaterThanOrEqual(95);
    expect(third! - second!).toBeGreaterThanOrEqual(195);
    const [row] = await jobsOf(handler.kind);
    expect(row).toMatchObject({ attempts: 3, last_error: 'SUNAT respondió 503' });
  });

  it('fails at once on JobFailure and on a payload that does not fit the kind', async () => {
    const handler = testKind(() => Promise.reject(new JobFailure('tipo 09: SUNAT no lo consulta')));
    const { queue } = await instance([handler]);
    await queue.add(database.db, handler, [{ payload: { n: 1 } }]);
    await database.db
      .insertInto('jobs')
      .values({ kind: handler.kind, payload: '{"n":"uno"}', run_at: new Date() })
      .execute();
    await expect
      .poll(async () => (await jobsOf(handler.kind)).map((row) => row.state))
      .toEqual(['failed', 'failed']);
    const [refused, malformed] = await jobsOf(handler.kind);
    expect(refused).toMatchObject({ attempts: 1, last_error: 'tipo 09: SUNAT no lo consulta' });
    expect(malformed!.last_error).toMatch(/^payload inválido/);
    expect(handler.calls).toHaveLength(1);
  });

  it('waits as long as RetryJob asks, and holds every job of the key meanwhile', async () => {
    let refusals = 1;
    const handler = testKind(
      () => {
        if (refusals === 0) return Promise.resolve();
        refusals -= 1;
        return Promise.reject(
          new RetryJob('429 demasiadas consultas', { afterMs: 600, holdKey: true }),
        );
      },
      { ratePerSecond: 100, backoffMs: () => 10 },
    );
    const { queue } = await instance([handler], { concurrency: 1 });
    await queue.add(database.db, handler, [
      { payload: { n: 1 }, rateKey: '20100000001' },
      { payload: { n: 2 }, rateKey: '20100000001' },
    ]);
    await expect.poll(() => handler.calls.length, { timeout: 5_000 }).toBe(3);
    const [refused, next] = handler.calls;
    expect(refused!.n).toBe(1);
    expect(next!.at - refused!.at).toBeGreaterThanOrEqual(590);
  });

  it('starts jobs of one key at most at its rate across two instances, and other keys freely', async () => {
    const perSecond = 20;
    const runs: { n: number; key: string; at: number }[] = [];
    const handler = testKind(() => Promise.resolve(), { ratePerSecond: perSecond });
    const record = (key: string) => async (payload: Payload) => {
      runs.push({ n: payload.n, key, at: performance.now() });
      await new Promise((resolve) => setTimeout(resolve, 30));
    };
    // Two instances: each its own queue and worker on the same database, the same kind.
    const a = await instance([{ ...handler, run: record('a') }]);
    await instance([{ ...handler, run: record('b') }]);
    const limited = Array.from({ length: 20 }, (_, n) => ({
      payload: { n },
      rateKey: '20100000001',
    }));
    const other = Array.from({ length: 10 }, (_, n) => ({
      payload: { n: 100 + n },
      rateKey: '20100000002',
    }));
    const started = performance.now();
    await a.queue.add(database.db, handler, [...limited, ...other]);
    await expect.poll(() => runs.length, { timeout: 10_000 }).toBe(30);

    const starts = runs.filter((run) => run.n < 100).map((run) => run.at - started);
    starts.sort((x, y) => x - y);
    // The k-th start of the key is never before k slots have passed (a start may be late, never
    // early; timers may fire a millisecond or two early).
    starts.forEach((at, k) => expect(at).toBeGreaterThanOrEqual((k * 1000) / perSecond - 3));
    // Both instances took part.
    expect(new Set(runs.map((run) => run.key))).toEqual(new Set(['a', 'b']));
    // The other key was not queued behind the first.
    const otherDone = Math.max(...runs.filter((run) => run.n >= 100).map((run) => run.at));
    expect(otherDone - started).toBeLessThan(starts.at(-1)!);
  });

  it('runs a job of higher priority before the others due, and takes its key’s next slot', async () => {
    const handler = testKind(() => new Promise((resolve) => setTimeout(resolve, 20)), {
      ratePerSecond: 20,
    });
    const repository = new JobsRepository(database.db);
    const queue = new JobQueue(repository, () => new Date());
    queue.register(handler);
    const low = Array.from({ length: 6 }, (_, n) => ({ payload: { n }, rateKey: '20100000001' }));
    await queue.add(database.db, handler, low);
    const [urgent] = await queue.add(database.db, handler, [
      { payload: { n: 99 }, rateKey: '20100000001', priority: 1 },
    ]);
    await instance([handler], { concurrency: 1 });
    await expect.poll(() => handler.calls.length).toBe(7);
    expect(handler.calls[0]!.n).toBe(99);
    expect(await queue.outcome(urgent!)).toEqual({ state: 'done', reason: null });
    expect(await queue.outcome(urgent! + 1000)).toBeNull();
  });

  it('takes again a job whose instance vanished once its lease ends, and fences the old holder out', async () => {
    const handler = testKind(ok);
    const repository = new JobsRepository(database.db);
    const queue = new JobQueue(repository, () => new Date());
    queue.register(handler);
    await queue.add(database.db, handler, [{ payload: { n: 7 } }]);
    // An instance claims the job and dies before finishing it.
    const [lost] = await repository.claim({
      kinds: queue.claimableKinds(),
      limit: 1,
      now: new Date(),
      horizonMs: 0,
      leaseMs: 400,
    });
    expect(lost).toBeDefined();
    await instance([handler], { leaseMs: 400 });
    await expect.poll(() => handler.calls.length, { timeout: 5_000 }).toBe(1);
    expect(handler.calls[0]!.context.attempt).toBe(2);
    await expect.poll(async () => (await jobsOf(handler.kind))[0]?.state).toBe('done');
    // The vanished instance, were it to come back, cannot overwrite the outcome.
    expect(await repository.fail(lost!, 'late', new Date())).toBe(false);
    expect((await jobsOf(handler.kind))[0]).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('keeps the lease of a long job renewed, so nobody else takes it while it runs', async () => {
    let finish!: () => void;
    const handler = testKind(() => new Promise<void>((resolve) => (finish = resolve)));
    const { queue } = await instance([handler], { leaseMs: 300 });
    await instance([handler], { leaseMs: 300 });
    await queue.add(database.db, handler, [{ payload: { n: 1 } }]);
    await expect.poll(() => handler.calls.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(handler.calls).toHaveLength(1);
    finish();
    await expect.poll(async () => (await jobsOf(handler.kind))[0]?.state).toBe('done');
  });

  it('gives running jobs back to the queue when stopped, without counting the attempt', async () => {
    const handler = testKind(
      (_payload, { signal }) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason as Error));
        }),
    );
    const { queue, worker } = await instance([handler]);
    await queue.add(database.db, handler, [{ payload: { n: 1 } }]);
    await expect.poll(() => handler.calls.length).toBe(1);
    await worker.stop();
    const [row] = await jobsOf(handler.kind);
    expect(row).toMatchObject({ state: 'queued', attempts: 0 });
    expect(row!.run_at.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('counts a batch by state and lists why its failed jobs failed', async () => {
    const handler = testKind((payload) =>
      payload.n % 3 === 0 ? Promise.reject(new JobFailure(`número ${payload.n}`)) : ok(),
    );
    const { queue } = await instance([handler]);
    const batchId = await database.db.transaction().execute(async (trx) => {
      const id = await queue.openBatch(trx);
      await queue.add(
        trx,
        handler,
        Array.from({ length: 9 }, (_, n) => ({ payload: { n: n + 1 }, batchId: id })),
      );
      return id;
    });
    await expect
      .poll(() => queue.batchCounts(batchId))
      .toEqual({ queued: 0, running: 0, done: 6, failed: 3 });
    expect(await queue.batchFailures(batchId, 2)).toEqual([
      { payload: { n: 3 }, reason: 'número 3' },
      { payload: { n: 6 }, reason: 'número 6' },
    ]);
    expect(await queue.batchCounts(batchId + 1000)).toBeNull();
  });

  it('keeps one unfinished job per dedupe key', async () => {
    const handler = testKind(ok);
    const repository = new JobsRepository(database.db);
    const queue = new JobQueue(repository, () => new Date());
    queue.register(handler);
    const job = { payload: { n: 1 }, dedupeKey: `${handler.kind}:doc-1` };
    expect(await queue.add(database.db, handler, [job])).toHaveLength(1);
    expect(await queue.add(database.db, handler, [job])).toEqual([]);
    await instance([handler]);
    await expect.poll(async () => (await jobsOf(handler.kind))[0]?.state).toBe('done');
    // Finished, the same work may be asked for again.
    expect(await queue.add(database.db, handler, [job])).toHaveLength(1);
  });

  it('forgets finished jobs and batches after the keeping time, never unfinished ones', async () => {
    const handler = testKind(ok);
    const repository = new JobsRepository(database.db);
    const queue = new JobQueue(repository, () => new Date());
    queue.register(handler);
    const batchId = await queue.openBatch(database.db);
    await queue.add(database.db, handler, [
      { payload: { n: 1 } },
      { payload: { n: 2 }, batchId },
      { payload: { n: 3 }, runAt: new Date(Date.now() + 3600_000) },
    ]);
    await instance([handler]);
    await expect
      .poll(async () => (await jobsOf(handler.kind)).map((row) => row.state))
      .toEqual(['done', 'done', 'queued']);
    await repository.purge(new Date(Date.now() + 60_000));
    expect((await jobsOf(handler.kind)).map((row) => row.payload)).toEqual([{ n: 3 }]);
    expect(await queue.batchCounts(batchId)).toBeNull();
  });
});
