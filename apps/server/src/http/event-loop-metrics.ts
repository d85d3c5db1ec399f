import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Gauge, register } from 'prom-client';

const NAME = 'sufel_event_loop_delay_seconds';

/**
 * How late the main thread's event loop runs, sampled every 20 ms: median,
 * 99th percentile and maximum since the previous scrape. A value near a
 * second means requests are waiting on something that should not run here.
 */
export function startEventLoopMetrics(): void {
  if (register.getSingleMetric(NAME) !== undefined) return;
  const histogram = monitorEventLoopDelay({ resolution: 20 });
  histogram.enable();
  new Gauge({
    name: NAME,
    help: 'Event loop delay of the main thread since the previous scrape, by quantile.',
    labelNames: ['quantile'],
    collect() {
      const seconds = (nanoseconds: number) =>
        Number.isFinite(nanoseconds) ? nanoseconds / 1e9 : 0;
      this.set({ quantile: '0.5' }, seconds(histogram.percentile(50)));
      this.set({ quantile: '0.99' }, seconds(histogram.percentile(99)));
      this.set({ quantile: '1' }, seconds(histogram.max));
      histogram.reset();
    },
  });
}
