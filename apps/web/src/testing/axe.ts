import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Runs axe-core on what is rendered and fails on any serious or critical
 * violation. Frames are left out: jsdom loads nothing into them (a PDF preview's
 * frame holds the browser's own viewer), and axe cannot reach into them here.
 */
export async function expectNoSeriousViolations(container: Element = document.body): Promise<void> {
  const results = await axe.run(container, { resultTypes: ['violations'], iframes: false });
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}
