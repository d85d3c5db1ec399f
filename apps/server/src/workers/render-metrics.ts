import { Counter, Histogram, register } from 'prom-client';

/**
 * Render metrics, in prom-client's default registry so that whatever exposes
 * it (a `/metrics` endpoint) shows them. Created once per process: several
 * applications built in one process (tests) share them.
 */

const DURATION_NAME = 'sufel_render_duration_seconds';
const OVER_BUDGET_NAME = 'sufel_renders_over_budget_total';

export type RenderOutcome = 'ok' | 'over_budget' | 'failed';

export const renderDuration =
  (register.getSingleMetric(DURATION_NAME) as Histogram<'outcome'> | undefined) ??
  new Histogram({
    name: DURATION_NAME,
    help: 'Time a printed PDF took to render in the worker pool, by outcome.',
    labelNames: ['outcome'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  });

export const rendersOverBudget =
  (register.getSingleMetric(OVER_BUDGET_NAME) as Counter<'reason'> | undefined) ??
  new Counter({
    name: OVER_BUDGET_NAME,
    help: 'Renders stopped for going over their time or memory budget.',
    labelNames: ['reason'],
  });
