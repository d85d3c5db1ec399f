/**
 * Serves the built React app from the same origin as the API: hashed assets
 * with long cache lifetimes (and their precompressed .br/.gz siblings), and the
 * page itself — with the runtime configuration injected — for `/` and every
 * deep link the app routes on the client.
 * @see https://github.com/fastify/fastify-static
 */
import fastifyStatic from '@fastify/static';
import type { WebConfig } from '@sufel/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { areaOfPath, areaPreloadTags, readWebManifest } from './area-preloads.js';
import { renderFirstScreens, withFirstScreen } from './first-screens.js';

const CONFIG_MARKER = '<!--sufel-config-->';
const HASHED_ASSETS = `${path.sep}assets${path.sep}`;

/** Where `npm run build` puts the web app, relative to this module in src/ or dist/. */
export const DEFAULT_WEB_DIR = path.resolve(import.meta.dirname, '../../../web/dist');

/** The page with the configuration as a JSON data block (allowed by a CSP without inline script). */
export function injectConfig(html: string, config: WebConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="sufel-config">${json}</script>`;
  if (!html.includes(CONFIG_MARKER))
    throw new Error(`index.html lacks the ${CONFIG_MARKER} marker`);
  return html.replace(CONFIG_MARKER, block);
}

export interface WebShell {
  /** Answers the app page for a deep link, or false when the request is not for the app. */
  serveDeepLink(request: FastifyRequest, reply: FastifyReply): FastifyReply | false;
}

const NOT_APP_PATHS = /^\/(api|file|docs|health|metrics)(\/|$)/;

export async function registerWebApp(
  app: FastifyInstance,
  webDir: string,
  config: WebConfig,
): Promise<WebShell | null> {
  const indexFile = path.join(webDir, 'index.html');
  try {
    await access(indexFile);
  } catch {
    app.log.warn({ webDir }, 'web app not built: serving the API only (run `npm run build`)');
    return null;
  }
  const page = injectConfig(await readFile(indexFile, 'utf8'), config);
  const manifest = await readWebManifest(webDir);
  const withAreaPreloads = (html: string, url: string) => {
    const area = areaOfPath(url);
    if (area === null || manifest === null) return html;
    return html.replace('</head>', `${areaPreloadTags(manifest, area)}</head>`);
  };
  const prerendered = new Map<string, string>();
  for (const [pathname, markup] of await renderFirstScreens(webDir, config, app.log)) {
    prerendered.set(pathname, withAreaPreloads(withFirstScreen(page, pathname, markup), pathname));
  }
  const pageOfArea = new Map<string, string>();
  const pageFor = (url: string) => {
    const found = prerendered.get(url.split('?')[0] ?? url);
    if (found !== undefined) return found;
    const area = areaOfPath(url) ?? '';
    let withPreloads = pageOfArea.get(area);
    if (withPreloads === undefined) {
      withPreloads = withAreaPreloads(page, url);
      pageOfArea.set(area, withPreloads);
    }
    return withPreloads;
  };
  const sendPage = (reply: FastifyReply, url = '/') =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(pageFor(url));

  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    // The raw page lacks the configuration; it is only ever served injected.
    // Dot folders hold the build's manifest and the server's prerender module.
    allowedPath: (pathName) => pathName !== '/index.html' && !/(^|\/)\./.test(pathName),
    setHeaders(response, filePath) {
      response.setHeader(
        'cache-control',
        filePath.includes(HASHED_ASSETS)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
      );
    },
  });
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendPage(reply));

  return {
    serveDeepLink(request, reply) {
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !NOT_APP_PATHS.test(request.url) &&
        !path.extname(request.url.split('?')[0] ?? '') &&
        (request.headers.accept ?? '').includes('text/html');
      return wantsPage ? sendPage(reply, request.url) : false;
    },
  };
}
