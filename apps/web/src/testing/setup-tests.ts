import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { loadCatalogue } from '../i18n/catalogues';
import '../i18n/es-client';
import '../i18n/es-document';
import '../i18n/es-qr';
import {
  DESKTOP_WIDTH,
  installBrowserGaps,
  savedDownloads,
  setViewportWidth,
} from './browser-gaps';
import { resetClientAccess, resetClientEmails } from './msw/handlers';
import { server } from './msw/server';

installBrowserGaps();

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // Start-up fetches a remembered language before rendering; screens rendered in English expect it here.
  await loadCatalogue('en');
});
afterEach(() => {
  cleanup();
  savedDownloads.length = 0;
  setViewportWidth(DESKTOP_WIDTH);
  server.resetHandlers();
  resetClientEmails();
  resetClientAccess();
  server.events.removeAllListeners();
  sessionStorage.clear();
  localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.documentElement.lang = 'es';
  vi.restoreAllMocks();
  vi.useRealTimers();
});
afterAll(() => server.close());
