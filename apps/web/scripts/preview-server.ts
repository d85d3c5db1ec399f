/**
 * Serves the built portal (dist/) gzip-compressed, as production would, and
 * answers /api with the unit tests' MSW handlers and fixtures, so screenshots
 * and Lighthouse can run without the real server.
 *
 *   npx vite-node scripts/preview-server.ts [port]
 *   SUFEL_WEB_CONFIG='{"ruc":"20606433094"}' npx vite-node scripts/preview-server.ts
 */
import { getResponse } from 'msw';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { handlers } from '../src/testing/msw/handlers';

const port = Number(process.argv[2] ?? 4173);
// The handlers use relative paths, which MSW resolves against the page's location.
Object.defineProperty(globalThis, 'location', {
  value: new URL(`http://127.0.0.1:${port}/`),
  configurable: true,
});
const dist = resolve(import.meta.dirname, '../dist');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.json': 'application/json',
  '.map': 'application/json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.map']);

function indexHtml(): Buffer {
  const config = process.env.SUFEL_WEB_CONFIG ?? '{}';
  const block = `<script type="application/json" id="sufel-config">${config}</script>`;
  return Buffer.from(
    readFileSync(join(dist, 'index.html'), 'utf8').replace('<!--sufel-config-->', block),
  );
}

function sendFile(request: IncomingMessage, response: ServerResponse, pathname: string): void {
  const file = normalize(join(dist, decodeURIComponent(pathname)));
  const isAsset = file.startsWith(dist) && existsSync(file) && statSync(file).isFile();
  const extension = isAsset ? extname(file) : '.html';
  let body = isAsset && !file.endsWith('index.html') ? readFileSync(file) : indexHtml();
  const headers: Record<string, string> = {
    'content-type': TYPES[extension] ?? 'application/octet-stream',
    'cache-control': extension === '.html' ? 'no-cache' : 'public, max-age=31536000, immutable',
  };
  if (COMPRESSIBLE.has(extension) && /gzip/.test(request.headers['accept-encoding'] ?? '')) {
    body = gzipSync(body);
    headers['content-encoding'] = 'gzip';
  }
  response.writeHead(200, headers).end(body);
}

async function sendApi(request: IncomingMessage, response: ServerResponse, url: URL) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  const fetchRequest = new Request(url, {
    method: request.method,
    headers,
    body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
  });
  const answer = (await getResponse(handlers, fetchRequest)) ?? new Response(null, { status: 404 });
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  response.end(Buffer.from(await answer.arrayBuffer()));
}

createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`);
  if (url.pathname.startsWith('/api/')) {
    sendApi(request, response, url).catch((error: unknown) => {
      console.error(error);
      response.writeHead(500).end();
    });
  } else {
    sendFile(request, response, url.pathname);
  }
}).listen(port, '127.0.0.1', () => console.info(`Preview on http://127.0.0.1:${port}`));
