import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadAreaOf } from './app/router';
import { getWebConfig } from './config/env';
import { applyDocumentLanguage, readStoredLanguage } from './i18n/language';
import './styles/global.css';

function start(): void {
  preloadAreaOf(location.pathname);
  const config = getWebConfig();
  const language = readStoredLanguage();
  applyDocumentLanguage(language);
  document.title = config.product;
  const container = document.getElementById('root');
  if (container === null) throw new Error('The page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App config={config} language={language} />
    </StrictMode>,
  );
}

try {
  start();
} catch (error) {
  console.error('SUFEL could not start:', error);
}
