/**
 * The pages visitors most often arrive on (the home page, the consultation
 * form) are rendered once, at start, by the web build's prerender module, and
 * served with their markup in place: the browser paints their text with the
 * page instead of after the script has run, and the script then hydrates it.
 * Rendered with this server's configuration (operator, legal note), in Spanish
 * and signed out, as the browser's own first render would be.
 */
import type { WebConfig } from '@sufel/contract';
import type { FastifyBaseLogger } from 'fastify';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface PrerenderModule {
  PRERENDERED_PATHS: readonly string[];
  prerenderPage(pathname: string, config: WebConfig): Promise<string>;
}

const SCREEN = /<div id="root">\s*<!--sufel-screen-->[\s\S]*?<!--\/sufel-screen-->\s*<\/div>/;

/** Where the web build puts its prerender module (a dot folder: never served). */
export function prerenderModuleOf(webDir: string): string {
  return path.join(webDir, '.ssr', 'prerender.js');
}

/** The page with `markup` as the app's first screen, marked with the path it was rendered for. */
export function withFirstScreen(page: string, pathname: string, markup: string): string {
  if (!SCREEN.test(page)) throw new Error('index.html lacks the <!--sufel-screen--> markers');
  return page.replace(
    SCREEN,
    () => `<div id="root" data-prerendered="${pathname}">${markup}</div>`,
  );
}

/**
 * The prerendered markup of each first screen, by path. Empty when the build
 * has no prerender module; a prerender that fails is logged and that page is
 * served as before (the browser renders it), never left broken.
 */
export async function renderFirstScreens(
  webDir: string,
  config: WebConfig,
  log: FastifyBaseLogger,
): Promise<Map<string, string>> {
  const screens = new Map<string, string>();
  const file = prerenderModuleOf(webDir);
  try {
    await access(file);
  } catch {
    return screens;
  }
  const prerender = (await import(pathToFileURL(file).href)) as PrerenderModule;
  for (const pathname of prerender.PRERENDERED_PATHS) {
    try {
      screens.set(pathname, await prerender.prerenderPage(pathname, config));
    } catch (error) {
      log.error(
        { err: error, pathname },
        'prerendering a first screen failed: the browser renders it',
      );
    }
  }
  return screens;
}
