import type { WebConfig } from '@sufel/contract';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AreaProviders } from '../components/providers/area-providers';
import { SnackbarProvider } from '../components/snackbar/snackbar-provider';
import { ConfigProvider } from '../config/config-context';
import { parseWebConfig } from '../config/env';
import { I18nProvider } from '../i18n/i18n-provider';
import type { Language } from '../i18n/language';

export interface RenderOptions {
  /** Where the memory location starts. */
  path?: string;
  config?: Partial<WebConfig>;
  language?: Language;
  /** Wraps the screen in the MUI screens' providers (theme, server state). */
  area?: boolean;
  /**
   * The window's own history instead of an in-memory one, for screens that
   * step back through it (`history.back()`) as the browser's Back does.
   */
  browserHistory?: boolean;
}

export interface Rendered extends RenderResult {
  user: UserEvent;
  /** The path the app is showing now. */
  currentPath: () => string;
  /** Every path visited, oldest first. */
  history: string[];
}

/** Renders a screen with the portal's real providers and an in-memory location. */
export function renderWithProviders(
  ui: ReactElement,
  {
    path = '/',
    config = {},
    language = 'es',
    area = true,
    browserHistory = false,
  }: RenderOptions = {},
): Rendered {
  const location = memoryLocation({ path, record: true });
  if (browserHistory) window.history.replaceState(null, '', path);
  const hooks = browserHistory ? {} : { hook: location.hook, searchHook: location.searchHook };
  const screen = area ? <AreaProviders>{ui}</AreaProviders> : ui;
  const result = render(
    <ConfigProvider config={parseWebConfig(config)}>
      <I18nProvider initialLanguage={language}>
        <Router {...hooks}>
          <SnackbarProvider>{screen}</SnackbarProvider>
        </Router>
      </I18nProvider>
    </ConfigProvider>,
  );
  return {
    ...result,
    user: userEvent.setup(),
    currentPath: () =>
      browserHistory
        ? `${window.location.pathname}${window.location.search}`
        : (location.history.at(-1) ?? path),
    history: location.history,
  };
}
