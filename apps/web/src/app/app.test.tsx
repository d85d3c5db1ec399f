import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseWebConfig } from '../config/env';
import { clientSession } from '../features/client/session/client-session';
import { documentSession } from '../features/document/session/document-session';
import { CLIENT_PASSWORD, CLIENT_RUC } from '../testing/fixtures';
import { recordRequests, requestsTo } from '../testing/msw/recorder';
import { server } from '../testing/msw/server';
import { renderWithProviders } from '../testing/render';
import { App } from './app';

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

function renderApp(path: string) {
  return renderWithProviders(<App config={parseWebConfig({})} language="es" />, {
    path,
    area: false,
  });
}

describe('routes', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2024, 10, 26, 10, 0) });
  });

  it('shows the home card at /', () => {
    renderApp('/');
    expect(screen.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Comprobantes electrónicos' })).toBeVisible();
  });

  it.each(['/cualquier-cosa', '/document/otra', '/client/otra'])(
    'says there is no page at %s and leads home',
    async (path) => {
      const { user, currentPath } = renderApp(path);
      // The areas' code loads before they can tell the path is none of theirs.
      expect(
        await screen.findByRole('heading', { name: 'Página no encontrada' }, { timeout: 5000 }),
      ).toBeVisible();
      expect(currentPath()).toBe(path);
      expect(screen.getByText(path)).toBeVisible();
      // The title follows in an effect, which may run just after the heading is painted.
      await waitFor(() => expect(document.title).toBe('Página no encontrada — SUFEL'));
      await user.click(screen.getByRole('link', { name: 'Ir al inicio' }));
      expect(currentPath()).toBe('/');
      expect(screen.getByRole('heading', { name: 'Comprobantes electrónicos' })).toBeVisible();
    },
  );

  it('shows the consultation card while its form loads', async () => {
    renderApp('/document/login');
    expect(
      screen.getByRole('heading', { name: 'Consulta de Comprobante Electrónico' }),
    ).toBeVisible();
    expect(await screen.findByLabelText(/Serie-Correlativo/)).toBeVisible();
  });

  it('keeps /document for a live consultation', async () => {
    const { currentPath } = renderApp('/document');
    await waitFor(() => expect(currentPath()).toBe('/document/login'));
    expect(await screen.findByLabelText(/Serie-Correlativo/)).toBeVisible();
  });

  it('goes from a consultation that finds the document to its view and back', async () => {
    const requests = recordRequests();
    const { user, currentPath } = renderApp('/document/login');
    await user.type(await screen.findByLabelText(/RUC del emisor/), '20606433094');
    await user.type(screen.getByLabelText(/Serie-Correlativo/), 'F001-3');
    const date = screen.getByLabelText(/Fecha de emisión/);
    await user.clear(date);
    await user.type(date, '25112024');
    await user.type(screen.getByLabelText(/^Total/), '1180{Enter}');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'FACTURA ELECTRÓNICA' },
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(currentPath()).toBe('/document');
    await user.click(screen.getByRole('button', { name: 'Nueva consulta' }));
    await waitFor(() => expect(currentPath()).toBe('/document/login'));
    expect(requestsTo(requests, 'POST', '/api/document/logout')).toHaveLength(1);
    expect(documentSession.read()).toBeNull();
  });

  it('ends a consultation the server no longer knows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get('/api/document/resource/:type', () =>
        HttpResponse.json({ message: 'No autorizado' }, { status: 401 }),
      ),
    );
    documentSession.save({ expire: inAnHour() });
    const { currentPath } = renderApp('/document');
    await waitFor(() => expect(currentPath()).toBe('/document/login'), { timeout: 5000 });
    expect(screen.getByRole('alert')).toHaveTextContent('Su sesión expiró. Vuelva a ingresar.');
    expect(documentSession.read()).toBeNull();
  });

  it.each([
    ['/client', '/client/login'],
    ['/client/perfil', '/client/login?next=%2Fclient%2Fperfil'],
  ])('keeps %s for a signed-in company', async (path, login) => {
    const { currentPath } = renderApp(path);
    await waitFor(() => expect(currentPath()).toBe(login), { timeout: 5000 });
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  });

  it('sends a signed-in company from the login to its dashboard', async () => {
    clientSession.save({ expire: inAnHour(), ruc: CLIENT_RUC });
    const { currentPath } = renderApp('/client/login');
    // The dashboard then puts the range it opens on into the address.
    await waitFor(() => expect(currentPath()).toMatch(/^\/client(\?|$)/));
    expect(
      await screen.findByRole('heading', { name: 'Mis comprobantes' }, { timeout: 10_000 }),
    ).toBeVisible();
  });

  it('signs a company in to its dashboard and out again', async () => {
    const { user, currentPath } = renderApp('/client/login');
    await user.type(await screen.findByLabelText(/^RUC/), CLIENT_RUC);
    await user.type(screen.getByLabelText(/^Contraseña/), `${CLIENT_PASSWORD}{Enter}`);
    expect(
      await screen.findByRole('heading', { name: 'Mis comprobantes' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(currentPath()).toMatch(/^\/client(\?|$)/);
    const menu = screen.getByRole('navigation', { name: 'Menú' });
    await user.click(within(menu).getByRole('link', { name: 'Mi perfil' }));
    expect(await screen.findByRole('heading', { name: 'Cambiar contraseña' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Salir' }));
    await waitFor(() => expect(currentPath()).toBe('/client/login'));
    expect(clientSession.read()).toBeNull();
  });

  it('signs the company out when the server answers 401', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get('/api/client/companies', () =>
        HttpResponse.json({ message: 'No autorizado' }, { status: 401 }),
      ),
    );
    clientSession.save({ expire: inAnHour(), ruc: CLIENT_RUC });
    const { currentPath } = renderApp('/client');
    // Back to the login, which returns to the list the session was showing.
    await waitFor(() => expect(currentPath()).toMatch(/^\/client\/login(\?next=|$)/), {
      timeout: 5000,
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Su sesión expiró. Vuelva a ingresar.');
    expect(clientSession.read()).toBeNull();
  });

  it('signs the new account in and opens its documents after registering', async () => {
    const { user, currentPath } = renderApp('/client/register');
    await user.type(await screen.findByLabelText(/^RUC \*/, {}, { timeout: 5000 }), CLIENT_RUC);
    await user.type(screen.getByLabelText(/^Razón social/), 'Cliente S.A.C.');
    await user.type(screen.getByLabelText(/^Contraseña/), 'lucuma-pisco-73');
    await user.type(screen.getByLabelText(/^Repita la contraseña/), 'lucuma-pisco-73');
    await user.type(screen.getByLabelText(/RUC del emisor/), '20606433094');
    await user.type(screen.getByLabelText(/Serie-Correlativo/), 'F001-3');
    await user.type(screen.getByLabelText(/^Total/), '1180');
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() => expect(currentPath()).toMatch(/^\/client(\?|$)/));
    expect(screen.getByRole('alert')).toHaveTextContent('Cuenta creada.');
    expect(await screen.findByRole('heading', { name: 'Mis comprobantes' })).toBeVisible();
    expect(clientSession.read()?.ruc).toBe(CLIENT_RUC);
  });

  it('speaks English across the portal once chosen', async () => {
    const { user } = renderApp('/');
    await user.click(screen.getByRole('button', { name: 'EN: Cambiar el idioma a inglés' }));
    expect(screen.getByRole('heading', { name: 'Electronic documents' })).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Single document lookup' }));
    expect(
      await screen.findByRole('heading', { name: 'Electronic Document Lookup' }),
    ).toBeVisible();
  });

  it('names the browser tab after each screen', async () => {
    renderApp('/');
    expect(document.title).toBe('Comprobantes electrónicos — SUFEL');
    await waitFor(() => undefined);
    cleanup();
    renderApp('/document/login');
    expect(document.title).toBe('Consulta de comprobante — SUFEL');
    cleanup();
    renderApp('/client/login');
    await waitFor(() => expect(document.title).toBe('Iniciar sesión — SUFEL'));
  });

  it("offers the companies' login from the top bar, and the documents once a session is open", async () => {
    const { user, currentPath } = renderApp('/');
    const bar = screen.getByRole('navigation', { name: 'Navegación principal' });
    expect(within(bar).getByRole('link', { name: 'Acceso empresas' })).toHaveAttribute(
      'href',
      '/client/login',
    );
    // A login in another tab: the same storage, announced by a storage event.
    localStorage.setItem(
      'sufel.client.session',
      JSON.stringify({ expire: inAnHour(), ruc: CLIENT_RUC }),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: 'sufel.client.session' }));
    const documents = await within(bar).findByRole('link', { name: 'Mis comprobantes' });
    await user.click(documents);
    expect(currentPath()).toMatch(/^\/client(\?|$)/);
    expect(
      await screen.findByRole('heading', { name: 'Mis comprobantes' }, { timeout: 10_000 }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Mis comprobantes — SUFEL'));
  });

  it('lands where the link pointed after the login', async () => {
    const { user, currentPath } = renderApp('/client/perfil');
    await waitFor(() => expect(currentPath()).toBe('/client/login?next=%2Fclient%2Fperfil'));
    await user.type(await screen.findByLabelText(/^RUC/), CLIENT_RUC);
    await user.type(screen.getByLabelText(/^Contraseña/), `${CLIENT_PASSWORD}{Enter}`);
    expect(
      await screen.findByRole('heading', { name: 'Cambiar contraseña' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(currentPath()).toBe('/client/perfil');
  });

  it('closes the company area when another tab signs out', async () => {
    clientSession.save({ expire: inAnHour(), ruc: CLIENT_RUC });
    const { currentPath } = renderApp('/client/perfil');
    expect(
      await screen.findByRole('heading', { name: 'Cambiar contraseña' }, { timeout: 5000 }),
    ).toBeVisible();
    localStorage.removeItem('sufel.client.session');
    window.dispatchEvent(new StorageEvent('storage', { key: 'sufel.client.session' }));
    await waitFor(() => expect(currentPath()).toBe('/client/login?next=%2Fclient%2Fperfil'));
  });
});
