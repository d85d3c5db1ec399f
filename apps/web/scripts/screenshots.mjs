// Screenshots of every route at desktop and phone sizes, for looking at the
// screens as a user would, plus a check that nothing overflows at 360 px.
// Needs a running portal (npx vite-node scripts/preview-server.ts) and Debian's Chromium.
//   node scripts/screenshots.mjs [baseUrl] [outDir]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:4173';
const out = process.argv[3] ?? '/tmp/sufel-screens';
mkdirSync(out, { recursive: true });

const inFiveHours = () => Math.floor(Date.now() / 1000) + 5 * 3600;
const SESSIONS = {
  document: { key: 'sufel.document.session', facts: () => ({ expire: inFiveHours() }) },
  client: {
    key: 'sufel.client.session',
    facts: () => ({ expire: inFiveHours(), ruc: '20415932376' }),
  },
};

const ROUTES = [
  { name: 'home', path: '/' },
  { name: 'document-login', path: '/document/login', wait: 'form' },
  {
    name: 'document-login-invalid',
    path: '/document/login',
    wait: 'form',
    act: (page) => page.getByRole('button', { name: 'Consultar' }).click(),
  },
  {
    name: 'document-login-calendar',
    path: '/document/login',
    wait: 'form',
    act: async (page) => {
      await page.getByRole('button', { name: 'Elegir la fecha en un calendario' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'document-login-qr',
    path: '/document/login',
    wait: 'form',
    act: async (page) => {
      await page.getByRole('button', { name: 'Escanear QR' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'document-view',
    path: '/document',
    session: 'document',
    wait: 'article table, article ol',
  },
  { name: 'client-login', path: '/client/login', wait: 'form' },
  {
    name: 'client-login-refused',
    path: '/client/login',
    wait: 'form',
    act: async (page) => {
      await page.getByLabel(/^RUC/).fill('20415932376');
      await page.getByLabel(/^Contraseña/).fill('equivocada');
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await page.getByRole('alert').waitFor();
    },
  },
  { name: 'client-register', path: '/client/register', wait: 'form' },
  { name: 'client-reset', path: '/client/reset-password', wait: 'form' },
  { name: 'client-dashboard', path: '/client', session: 'client', wait: '.MuiDataGrid-row' },
  {
    name: 'client-dashboard-document',
    path: '/client',
    session: 'client',
    wait: '.MuiDataGrid-row',
    act: async (page) => {
      await page.locator('.MuiDataGrid-row').nth(1).click();
      await page.getByRole('button', { name: 'Ver el comprobante seleccionado' }).click();
      await page.getByRole('dialog').getByRole('table').first().waitFor();
    },
  },
  { name: 'client-profile', path: '/client/perfil', session: 'client', wait: 'form' },
];
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
  { name: 'narrow', width: 360, height: 740 },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const problems = [];
try {
  for (const viewport of VIEWPORTS) {
    for (const route of ROUTES) {
      const context = await browser.newContext({ viewport, locale: 'es-PE' });
      const page = await context.newPage();
      page.on('pageerror', (error) => problems.push(`${route.name}: ${error.message}`));
      // The fixtures are documents of November 2024.
      await page.clock.setFixedTime(new Date('2024-11-26T10:00:00-05:00'));
      if (route.session) {
        const { key, facts } = SESSIONS[route.session];
        await page.addInitScript(
          ([storageKey, value]) => sessionStorage.setItem(storageKey, value),
          [key, JSON.stringify(facts())],
        );
      }
      await page.goto(base + route.path, { waitUntil: 'networkidle' });
      if (route.wait) await page.waitForSelector(route.wait, { timeout: 15_000 });
      if (route.act) await route.act(page);
      await page.waitForTimeout(400);
      const overflow = await page.evaluate(
        () =>
          globalThis.document.documentElement.scrollWidth -
          globalThis.document.documentElement.clientWidth,
      );
      if (overflow > 0)
        problems.push(`${route.name} overflows ${overflow}px at ${viewport.width}px`);
      if (viewport.name !== 'narrow') {
        await page.screenshot({
          path: join(out, `${route.name}-${viewport.name}.png`),
          fullPage: true,
        });
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
console.info(`Screenshots in ${out}`);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exitCode = 1;
}
