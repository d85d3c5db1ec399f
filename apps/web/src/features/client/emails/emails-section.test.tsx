import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../../../testing/axe';
import { CLIENT_PASSWORD } from '../../../testing/fixtures';
import { recordRequests, requestsTo } from '../../../testing/msw/recorder';
import { renderWithProviders } from '../../../testing/render';
import { EmailsSection } from './emails-section';

const renderSection = (mail = true) =>
  renderWithProviders(<EmailsSection />, { path: '/client/perfil', config: { mail } });

describe('EmailsSection', () => {
  it('lists the addresses with their state', async () => {
    const { container } = renderSection();
    const list = await screen.findByRole('list', { name: 'Correos electrónicos' });
    const [confirmed, pending] = within(list).getAllByRole('listitem');
    expect(confirmed).toHaveTextContent('facturas@cocacola.pe');
    expect(confirmed).toHaveTextContent('Confirmada');
    expect(within(confirmed!).queryByRole('button', { name: /Reenviar/ })).toBeNull();
    expect(pending).toHaveTextContent('contabilidad@cocacola.pe');
    expect(pending).toHaveTextContent('Por confirmar');
    await expectNoSeriousViolations(container);
  });

  it('adds an address with the current password, and it waits for its confirmation', async () => {
    const requests = recordRequests();
    const { user } = renderSection();
    await user.type(
      await screen.findByLabelText(/^Nuevo correo electrónico/),
      ' gerencia@cocacola.pe ',
    );
    await user.type(screen.getByLabelText(/^Su contraseña actual/), `${CLIENT_PASSWORD}{Enter}`);
    expect(await screen.findByText(/Le enviamos un enlace de confirmación/)).toBeVisible();
    expect(requestsTo(requests, 'POST', '/api/client/emails')[0]?.body).toEqual({
      address: 'gerencia@cocacola.pe',
      password: CLIENT_PASSWORD,
      language: 'es',
    });
    await waitFor(() => expect(screen.getByText('gerencia@cocacola.pe')).toBeVisible());
    expect(screen.getByLabelText(/^Nuevo correo electrónico/)).toHaveValue('');
    expect(screen.getByLabelText(/^Su contraseña actual/)).toHaveValue('');
  });

  it('asks for the current password and says when it is wrong', async () => {
    const requests = recordRequests();
    const { user } = renderSection();
    await user.type(
      await screen.findByLabelText(/^Nuevo correo electrónico/),
      'gerencia@cocacola.pe{Enter}',
    );
    expect(await screen.findByText('Ingrese la contraseña.')).toBeVisible();
    expect(requestsTo(requests, 'POST', '/api/client/emails')).toHaveLength(0);
    await user.type(screen.getByLabelText(/^Su contraseña actual/), 'no-es-la-clave{Enter}');
    expect(await screen.findByText('La contraseña actual no es correcta.')).toBeVisible();
    expect(screen.queryByText('gerencia@cocacola.pe')).toBeNull();
  });

  it('refuses what is not an e-mail address before sending', async () => {
    const requests = recordRequests();
    const { user } = renderSection();
    await user.type(await screen.findByLabelText(/^Nuevo correo electrónico/), 'gerencia{Enter}');
    expect(await screen.findByText('El correo electrónico no es válido.')).toBeVisible();
    expect(requestsTo(requests, 'POST', '/api/client/emails')).toHaveLength(0);
  });

  it('mails the confirmation again and removes an address', async () => {
    const requests = recordRequests();
    const { user } = renderSection();
    await user.click(
      await screen.findByRole('button', {
        name: 'Reenviar confirmación a contabilidad@cocacola.pe',
      }),
    );
    await waitFor(() =>
      expect(requestsTo(requests, 'POST', '/api/client/emails')[0]?.body).toEqual({
        address: 'contabilidad@cocacola.pe',
        language: 'es',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Eliminar contabilidad@cocacola.pe' }));
    await waitFor(() => expect(screen.queryByText('contabilidad@cocacola.pe')).toBeNull());
    expect(requestsTo(requests, 'DELETE', '/api/client/emails/2')).toHaveLength(1);
  });

  it('says e-mail is off where the portal cannot send any', async () => {
    renderSection(false);
    expect(screen.getByText(/Este portal no envía correos/)).toBeVisible();
    expect(await screen.findByText('facturas@cocacola.pe')).toBeVisible();
    expect(screen.queryByLabelText(/^Nuevo correo electrónico/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Reenviar/ })).toBeNull();
  });
});
