import { act, screen } from '@testing-library/react';
import { hydrateRoot, type Root as ReactRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BROWSER_ONLY_DIGEST } from './app/prerendering';
import { Root } from './app/root';
import { parseWebConfig } from './config/env';
import { clientSession } from './features/client/session/client-session';
import { PRERENDERED_PATHS, prerenderPage } from './prerender';

const config = parseWebConfig({
  company: 'Distribuidora Andina S.A.C.',
  legalNote: 'Nota legal del operador.',
});

let root: ReactRoot | undefined;

/**
 * Console errors other than React's notice that the server and browser
 * renderers share context objects, which only happens with both in one process.
 */
function reportedErrors(spy: { mock: { calls: unknown[][] } }): unknown[][] {
  return spy.mock.calls.filter(([message]) => !String(message).includes('multiple renderers'));
}

/** Puts the prerendered page in place, as the server sends it, and hydrates it. */
async function hydrate(pathname: string) {
  history.replaceState(null, '', pathname);
  const markup = await prerenderPage(pathname, config);
  document.body.innerHTML = `<div id="root">${markup}</div>`;
  const legalNote = screen.getByText('Nota legal del operador.');
  const recoverable = vi.fn();
  const container = document.getElementById('root')!;
  act(() => {
    root = hydrateRoot(container, <Root config={config} language="es" />, {
      onRecoverableError: recoverable,
    });
  });
  return { markup, legalNote, recoverable };
}

describe('prerendered first screens', () => {
  afterEach(() => {
    act(() => root?.unmount());
    clientSession.clear();
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('are the home page and the consultation form', () => {
    expect(PRERENDERED_PATHS).toEqual(['/', '/document/login']);
  });

  it('renders the home page with the operator, and the browser takes it over as it is', async () => {
    const errors = vi.spyOn(console, 'error');
    const { markup, legalNote, recoverable } = await hydrate('/');
    expect(markup).toContain('Distribuidora Andina S.A.C.');
    expect(markup).not.toContain('<script');
    expect(screen.getByRole('heading', { name: 'Comprobantes electrónicos' })).toBeVisible();
    // Hydrated, not painted again: the very node the server sent is still there.
    expect(screen.getByText('Nota legal del operador.')).toBe(legalNote);
    expect(recoverable).not.toHaveBeenCalled();
    expect(reportedErrors(errors)).toEqual([]);
  });

  it('leaves the consultation code to the browser, which fills the card in', async () => {
    const { markup, legalNote, recoverable } = await hydrate('/document/login');
    expect(markup).toContain('Consulta de Comprobante Electrónico');
    expect(markup).toContain(`data-dgst="${BROWSER_ONLY_DIGEST}"`);
    expect(await screen.findByRole('textbox', { name: /RUC del emisor/i })).toBeVisible();
    expect(screen.getByText('Nota legal del operador.')).toBe(legalNote);
    // The one recoverable error is the planned one, which the start-up ignores.
    expect(recoverable.mock.calls.map(([error]) => (error as { digest?: string }).digest)).toEqual([
      BROWSER_ONLY_DIGEST,
    ]);
  });

  it('shows an open company session once hydrated, without a mismatch', async () => {
    clientSession.save({ ruc: '20606433094', expire: Date.now() / 1000 + 3600 });
    const errors = vi.spyOn(console, 'error');
    const { markup, recoverable } = await hydrate('/');
    expect(markup).toContain('Acceso empresas');
    expect(screen.getByRole('link', { name: 'Mis comprobantes' })).toBeVisible();
    expect(recoverable).not.toHaveBeenCalled();
    expect(reportedErrors(errors)).toEqual([]);
  });
});
