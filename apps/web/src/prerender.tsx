import type { WebConfig } from '@sufel/contract';
import { prerenderToNodeStream } from 'react-dom/static';
import { BROWSER_ONLY_DIGEST, BrowserOnlyError } from './app/prerendering';
import { Root } from './app/root';

/**
 * The pages a visitor most often arrives on. The server renders them once, at
 * start, so their text is painted with the page itself instead of after the
 * script has downloaded and run; the script then takes them over (hydrates).
 */
export const PRERENDERED_PATHS = ['/', '/document/login'];

/**
 * The markup of the app at `pathname`, in Spanish and signed out: what the
 * browser's first render of that page produces before it learns otherwise.
 * A lazy area is left in its loading state for the browser to fill in; any
 * other failure rejects, and the server then serves the page unrendered.
 */
export async function prerenderPage(pathname: string, config: WebConfig): Promise<string> {
  const failures: Error[] = [];
  const { prelude } = await prerenderToNodeStream(
    <Root config={config} language="es" ssrPath={pathname} />,
    {
      onError(error) {
        if (error instanceof BrowserOnlyError) return BROWSER_ONLY_DIGEST;
        failures.push(error instanceof Error ? error : new Error(String(error)));
        return undefined;
      },
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  if (failures[0] !== undefined) throw failures[0];
  return Buffer.concat(chunks).toString('utf8');
}
