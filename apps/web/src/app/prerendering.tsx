import { createContext, use } from 'react';

/** Whether the tree is being rendered on the server, ahead of any browser. */
export const PrerenderingContext = createContext(false);

/**
 * The digest a prerendered page carries where it left a lazy area to the
 * browser; hydration recognises it as planned rather than as a failure.
 */
export const BROWSER_ONLY_DIGEST = 'sufel-browser-only';

export class BrowserOnlyError extends Error {
  readonly digest = BROWSER_ONLY_DIGEST;

  constructor() {
    super('Rendered in the browser only');
    this.name = 'BrowserOnlyError';
  }
}

/**
 * Stands in for a lazy area's code while prerendering: the prerender then shows
 * the area's loading state, which is what the browser's first paint shows too,
 * and the browser renders the area itself once its code is here.
 */
export function BrowserOnly(): never {
  throw new BrowserOnlyError();
}

export function usePrerendering(): boolean {
  return use(PrerenderingContext);
}
