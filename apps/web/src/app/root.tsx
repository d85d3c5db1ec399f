import type { WebConfig } from '@sufel/contract';
import { StrictMode } from 'react';
import { Router } from 'wouter';
import type { Language } from '../i18n/language';
import { App } from './app';
import { PrerenderingContext } from './prerendering';

/**
 * The whole tree, the same in the browser and in the server's prerender of a
 * page: hydration needs both to match, `useId`'s ids included. `ssrPath` is
 * the page being prerendered; the browser reads its own location.
 */
export function Root({
  config,
  language,
  ssrPath,
}: {
  config: WebConfig;
  language: Language;
  ssrPath?: string;
}) {
  return (
    <StrictMode>
      <PrerenderingContext value={ssrPath !== undefined}>
        <Router ssrPath={ssrPath}>
          <App config={config} language={language} />
        </Router>
      </PrerenderingContext>
    </StrictMode>
  );
}
