import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  launchBrowser,
  newVisitor,
  screenshots,
  watchForBreakage,
} from '../support/browser.js';
import { startPortal, type Portal } from '../support/portal.js';

describe('the API page an integrator reads, in Chromium', () => {
  let portal: Portal;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('opens with the quick start and shows the publish body and its answers resolved', async () => {
    const { context, page } = await newVisitor(browser, DESKTOP);
    const problems = watchForBreakage(page);
    const shot = screenshots('api-docs');

    await page.goto(`${portal.url}/docs`);
    await page.getByRole('heading', { name: 'Quick start' }).waitFor();
    await expect(page.getByText('curl -X POST').isVisible()).resolves.toBe(true);
    await shot(page, 'quick-start', { fullPage: false });

    const publish = page.locator('#operations-issuer-post_api_company_documents');
    await publish.locator('.opblock-summary').click();
    await publish.getByText('"xml": "PD94bWwg', { exact: false }).first().waitFor();
    const shown = await publish.innerText();
    expect(shown).toContain('This series and number was already published with a different XML');
    expect(shown).not.toContain('"string"');
    expect(shown).not.toContain('Default Response');
    await expect(page.getByText('Could not resolve reference').count()).resolves.toBe(0);
    await publish.locator('.responses-wrapper').scrollIntoViewIfNeeded();
    await shot(page, 'publish', { fullPage: false });

    expect(problems).toEqual([]);
    await context.close();
  });
});
