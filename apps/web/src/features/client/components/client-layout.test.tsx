import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Navbar } from '../../../components/navbar/navbar';
import { expectNoSeriousViolations } from '../../../testing/axe';
import { setViewportWidth } from '../../../testing/browser-gaps';
import { CLIENT_RUC } from '../../../testing/fixtures';
import { recordRequests, requestsTo } from '../../../testing/msw/recorder';
import { renderWithProviders } from '../../../testing/render';
import { clientSession } from '../session/client-session';
import { ClientLayout } from './client-layout';

function renderLayout(path = '/client') {
  const onLoggedOut = vi.fn();
  const rendered = renderWithProviders(
    <>
      <Navbar />
      <ClientLayout onLoggedOut={onLoggedOut}>
        <p>contenido</p>
      </ClientLayout>
    </>,
    { path, config: { product: 'Comprobantes' } },
  );
  return { ...rendered, onLoggedOut };
}

describe('ClientLayout', () => {
  beforeEach(() => {
    clientSession.save({ expire: Math.floor(Date.now() / 1000) + 3600, ruc: CLIENT_RUC });
  });

  it('adds its controls to the one top bar, and shows the company’s name and RUC and the menu beside the page', async () => {
    const { container } = renderLayout();
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    const bar = screen.getByRole('navigation', { name: 'Navegación principal' });
    expect(within(bar).getByRole('button', { name: 'Cerrar menú' })).toBeVisible();
    expect(within(bar).getByRole('button', { name: 'Salir' })).toBeVisible();
    expect(screen.getAllByText('Comprobantes')).toHaveLength(1);
    const menu = screen.getByRole('navigation', { name: 'Menú' });
    expect(within(menu).getByText(`RUC: ${CLIENT_RUC}`)).toBeVisible();
    // The company by its name, not only its number.
    expect(await within(menu).findByText('COCA-COLA SERVICIOS DE PERU S.A')).toBeVisible();
    expect(within(menu).getByRole('link', { name: 'Mis comprobantes' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(menu).getByRole('link', { name: 'Por pagar' })).toHaveAttribute(
      'href',
      '/client/por-pagar',
    );
    expect(within(menu).getByRole('link', { name: 'Detracciones por depositar' })).toHaveAttribute(
      'href',
      '/client/detracciones',
    );
    // The menu comes before the page, so it holds no heading to precede the page's h1.
    expect(within(menu).queryAllByRole('heading')).toEqual([]);
    const options = within(menu).getByRole('list', { name: 'Opciones' });
    expect(within(options).getByRole('link', { name: 'Mi perfil' })).toHaveAttribute(
      'href',
      '/client/perfil',
    );
    expect(screen.getByRole('main')).toHaveTextContent('contenido');
    await expectNoSeriousViolations(container);
  });

  it('hides and shows the menu with its toggle', async () => {
    const { user } = renderLayout();
    const toggle = screen.getByRole('button', { name: 'Cerrar menú' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.queryByRole('navigation', { name: 'Menú' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Abrir menú' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    expect(screen.getByRole('navigation', { name: 'Menú' })).toBeVisible();
  });

  it('opens the menu over the page on a phone and closes it on navigation', async () => {
    setViewportWidth(390);
    const { user, currentPath } = renderLayout();
    expect(screen.queryByRole('navigation', { name: 'Menú' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    const menu = await screen.findByRole('navigation', { name: 'Menú' });
    // It opens as a dialog over the page, named as the menu it holds.
    expect(screen.getByRole('dialog', { name: 'Menú' })).toContainElement(menu);
    await expectNoSeriousViolations(document.body);
    await user.click(within(menu).getByRole('link', { name: 'Mi perfil' }));
    expect(currentPath()).toBe('/client/perfil');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Menú' })).toBeNull());
  });

  it('signs out on the server and forgets the session', async () => {
    const requests = recordRequests();
    const { user, onLoggedOut } = renderLayout();
    await user.click(screen.getByRole('button', { name: 'Salir' }));
    await waitFor(() => expect(onLoggedOut).toHaveBeenCalledOnce());
    expect(requestsTo(requests, 'POST', '/api/client/logout')).toHaveLength(1);
    expect(clientSession.read()).toBeNull();
  });

  it('writes Salir out on a phone too', async () => {
    setViewportWidth(390);
    const { user, onLoggedOut } = renderLayout();
    await user.click(screen.getByRole('button', { name: 'Salir' }));
    await waitFor(() => expect(onLoggedOut).toHaveBeenCalledOnce());
  });
});
