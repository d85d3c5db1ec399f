import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ROOT } from './portal.js';

/** Flags for Debian's Chromium in a sandbox without network access. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/** A fresh visitor: no cookies, Lima's clock and Spanish, as a Peruvian user's browser. */
export async function newVisitor(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport,
    acceptDownloads: true,
    locale: 'es-PE',
    timezoneId: 'America/Lima',
    ...(viewport.width < 600 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  const page = await context.newPage();
  return { context, page };
}

/** Saves numbered screenshots of a journey under e2e/artifacts/<journey>/. */
export function screenshots(journey: string) {
  const dir = path.join(
    ROOT,
    'e2e/artifacts',
    `${journey}-${process.env.E2E_DATABASE_URL ? 'postgres' : 'pglite'}`,
  );
  let step = 0;
  // A dialog is seen as the screen shows it (`fullPage: false`); a page whole.
  return async (page: Page, name: string, { fullPage = true } = {}): Promise<void> => {
    await mkdir(dir, { recursive: true });
    step += 1;
    await page.screenshot({
      path: path.join(dir, `${String(step).padStart(2, '0')}-${name}.png`),
      fullPage,
    });
  };
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

/** axe's violations of the given impacts on the page as it is now, one line each. */
async function violationsOf(page: Page, impacts: readonly Impact[]): Promise<string[]> {
  // Evaluated through the devtools protocol, so the page's CSP (rightly) does not block it.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((violation) => impacts.includes(violation.impact as Impact))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`)
          .join(', ')}`,
    );
}

/** Serious and critical accessibility violations on the page as it is now, one line each. */
export function seriousViolations(page: Page): Promise<string[]> {
  return violationsOf(page, ['serious', 'critical']);
}

/** Every accessibility violation axe finds on the page as it is now, minor ones too. */
export function anyViolations(page: Page): Promise<string[]> {
  return violationsOf(page, ['minor', 'moderate', 'serious', 'critical']);
}

/** Collects what the browser reports that must never happen: CSP refusals and uncaught errors. */
export function watchForBreakage(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      problems.push(`CSP: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}
