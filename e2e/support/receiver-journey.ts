import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, newVisitor, screenshots, watchForBreakage } from './browser.js';
import { startPortal, type Portal } from './portal.js';
import { registerReceiver, signInReceiver } from './receiver.js';
import { seedPortal } from './seed.js';

export interface ReceiverJourney {
  /** The journey's own portal. */
  readonly url: string;
  readonly browser: Browser;
  /**
   * A new visitor at `viewport`, signed in as the receiver, whose console
   * errors are watched and whose screenshots go under `journey`.
   */
  visit(
    viewport: { width: number; height: number },
    journey: string,
  ): Promise<
    Awaited<ReturnType<typeof newVisitor>> & {
      problems: ReturnType<typeof watchForBreakage>;
      shot: ReturnType<typeof screenshots>;
    }
  >;
}

/**
 * What the receiver's journeys share: a portal of their own with the seeded
 * issuer's documents (and what `seed` adds), the receiver registered with
 * `password`, and Chromium; all of it started before the journey's tests and
 * stopped after them. `env` configures the portal.
 */
export function receiverJourney(
  password: string,
  seed: (url: string) => Promise<void> = () => Promise.resolve(),
  env: Readonly<Record<string, string>> = {},
): ReceiverJourney {
  let portal: Portal | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    portal = await startPortal(env);
    await seedPortal(portal.url);
    await seed(portal.url);
    await registerReceiver(portal.url, password);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  const started = () => {
    if (portal === undefined || browser === undefined)
      throw new Error('The journey has not started');
    return { portal, browser };
  };
  return {
    get url() {
      return started().portal.url;
    },
    get browser() {
      return started().browser;
    },
    async visit(viewport, journey) {
      const { portal: running, browser: chromium } = started();
      const visitor = await newVisitor(chromium, viewport);
      const problems = watchForBreakage(visitor.page);
      const shot = screenshots(journey);
      await signInReceiver(visitor.page, running.url, password);
      return { ...visitor, problems, shot };
    },
  };
}
