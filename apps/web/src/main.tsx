import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BROWSER_ONLY_DIGEST } from './app/prerendering';
import { Root } from './app/root';
import { preloadAreaOf } from './app/router';
import { getWebConfig } from './config/env';
import { loadCatalogue } from './i18n/catalogues';
import { applyDocumentLanguage, readStoredLanguage, type Language } from './i18n/language';
import './styles/global.css';

/** The remembered language once its texts are here; Spanish if they cannot be fetched. */
async function startingLanguage(): Promise<Language> {
  const remembered = readStoredLanguage();
  try {
    await loadCatalogue(remembered);
    return remembered;
  } catch (error) {
    console.error(`The ${remembered} texts could not be loaded:`, error);
    return 'es';
  }
}

async function start(): Promise<void> {
  preloadAreaOf(location.pathname);
  const config = getWebConfig();
  const language = await startingLanguage();
  applyDocumentLanguage(language);
  document.title = config.product;
  const container = document.getElementById('root');
  if (container === null) throw new Error('The page has no #root element');
  const app = <Root config={config} language={language} />;
  // As transitions, hydration and rendering run in short slices that leave the
  // main thread free for input, instead of one long task.
  startTransition(() => {
    // The server prerendered this page in Spanish: take over its markup rather
    // than paint it again. Any other page or language is rendered here.
    if (container.dataset.prerendered === location.pathname && language === 'es') {
      hydrateRoot(container, app, {
        // The prerender left the lazy areas to the browser on purpose: not an error.
        onRecoverableError(error) {
          if ((error as { digest?: unknown } | null)?.digest !== BROWSER_ONLY_DIGEST)
            reportError(error);
        },
      });
    } else {
      createRoot(container).render(app);
    }
  });
}

start().catch((error: unknown) => console.error('SUFEL could not start:', error));
