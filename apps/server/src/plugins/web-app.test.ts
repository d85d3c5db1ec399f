import { WebConfigSchema } from '@sufel/contract';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/build-test-app.js';
import { injectConfig } from './web-app.js';

const PAGE = `<!doctype html><html><head><!--sufel-config--><script type="module" src="/assets/app-1a2b3c.js"></script></head><body><div id="root"><!--sufel-screen--><div class="boot"></div><!--/sufel-screen--></div></body></html>`;
/** A prerender module as the web build writes it: the consultation form's fails here. */
const PRERENDER = `
export const PRERENDERED_PATHS = ['/', '/document/login', '/broken'];
export async function prerenderPage(pathname, config) {
  if (pathname === '/broken') throw new Error('no such page');
  return '<main>' + pathname + ' $& ' + config.company.replace('<', '&lt;') + '</main>';
}`;
/** A build's manifest as Vite writes it: the entry, two lazy areas and a chunk they share. */
const MANIFEST = {
  'index.html': {
    file: 'assets/app-1a2b3c.js',
    isEntry: true,
    imports: ['_react-9f.js'],
    css: ['assets/app-77.css'],
  },
  '_react-9f.js': { file: 'assets/react-9f.js' },
  '_forms-5e.js': { file: 'assets/forms-5e.js', imports: ['index.html'] },
  '_document-area-d1.js': {
    file: 'assets/document-area-d1.js',
    name: 'document-area',
    isDynamicEntry: true,
    imports: ['index.html', '_forms-5e.js'],
    css: ['assets/document-area-d1.css'],
  },
  '_client-area-c2.js': {
    file: 'assets/client-area-c2.js',
    name: 'client-area',
    isDynamicEntry: true,
    imports: ['index.html', '_forms-5e.js'],
  },
};
const SCRIPT = `console.info(${JSON.stringify('x'.repeat(4000))});`;

describe('serving the web app', () => {
  let t: TestApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(tmpdir(), 'sufel-web-'));
    await mkdir(path.join(webDir, 'assets'));
    await writeFile(path.join(webDir, 'index.html'), PAGE);
    await writeFile(path.join(webDir, 'assets', 'app-1a2b3c.js'), SCRIPT);
    await writeFile(path.join(webDir, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(SCRIPT));
    await writeFile(path.join(webDir, 'assets', 'app-1a2b3c.js.gz'), gzipSync(SCRIPT));
    await writeFile(path.join(webDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await mkdir(path.join(webDir, '.vite'));
    await writeFile(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    await mkdir(path.join(webDir, '.ssr'));
    await writeFile(path.join(webDir, '.ssr', 'prerender.js'), PRERENDER);
    t = await buildTestApp({
      env: { WEB_DIR: webDir, SUFEL_RUC: '20606433094', SUFEL_COMPANY: 'Gasper </script> Soft' },
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  const page = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('serves the page with the runtime configuration injected', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    const json = /<script type="application\/json" id="sufel-config">(.*?)<\/script>/.exec(
      response.body,
    )?.[1];
    expect(JSON.parse(json!)).toMatchObject({
      ruc: '20606433094',
      company: 'Gasper </script> Soft',
    });
    expect(response.body).not.toContain('<!--sufel-config-->');
  });

  it('answers deep links with the page, and unknown API paths with JSON', async () => {
    for (const url of ['/client/perfil', '/document', '/anything/else']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('id="sufel-config"');
    }
    for (const url of ['/api/nope', '/file/x', '/assets/missing.js']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Recurso no encontrado' });
    }
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/client/perfil',
          headers: { accept: 'application/json' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('names the code of the area a deep link opens on, so it downloads beside the entry', async () => {
    const consultation = (await page('/document/login?ruc=1')).body;
    expect(consultation).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/document-area-d1.js">',
    );
    expect(consultation).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/forms-5e.js">',
    );
    expect(consultation).toContain(
      '<link rel="preload" crossorigin href="/assets/document-area-d1.css" as="style">',
    );
    // What the entry loads anyway is not named twice, and no other area is.
    expect(consultation).not.toMatch(/href="\/assets\/(react-9f|app-77|client-area-c2)/);
    const receiver = (await page('/client/perfil')).body;
    expect(receiver).toContain('href="/assets/client-area-c2.js"');
    expect(receiver).not.toContain('document-area');
    for (const url of ['/', '/documentos', '/anything/else']) {
      expect((await page(url)).body, url).not.toContain('modulepreload');
    }
  });

  it('serves the first screens prerendered with this configuration, and the rest for the browser to render', async () => {
    const home = (await page('/')).body;
    expect(home).toContain(
      '<div id="root" data-prerendered="/"><main>/ $& Gasper &lt;/script> Soft</main></div>',
    );
    const consultation = (await page('/document/login?ruc=1')).body;
    expect(consultation).toContain('<div id="root" data-prerendered="/document/login"><main>');
    expect(consultation).toContain('href="/assets/document-area-d1.js"');
    for (const url of ['/broken', '/client/perfil', '/document/view']) {
      const body = (await page(url)).body;
      expect(body, url).toContain(
        '<div id="root"><!--sufel-screen--><div class="boot"></div><!--/sufel-screen--></div>',
      );
    }
    for (const url of ['/.ssr/prerender.js', '/.vite/manifest.json']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('never serves the page without its configuration', async () => {
    const response = await page('/index.html');
    expect(response.body).not.toContain('<!--sufel-config-->');
  });

  it('caches hashed assets for a year and serves them precompressed', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
    const logo = await t.app.inject({ method: 'GET', url: '/logo.svg' });
    expect(logo.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends a strict content security policy and the usual hardening headers', async () => {
    const response = await page('/');
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'self'");
    // The PDF preview frames a blob: URL; Chromium's viewer inside it counts as an object.
    expect(csp).toContain('object-src blob:');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    // Plain http here: no HSTS, which would pin browsers to an https this portal lacks.
    expect(response.headers['strict-transport-security']).toBeUndefined();
    // The same on API answers, errors included.
    for (const url of ['/health', '/api/nope']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.headers['content-security-policy'], url).toBe(csp);
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('compresses JSON answers', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});

describe('injectConfig', () => {
  it('refuses a page without the marker', () => {
    expect(() => injectConfig('<html></html>', WebConfigSchema.parse({}))).toThrow(/marker/);
  });
});
