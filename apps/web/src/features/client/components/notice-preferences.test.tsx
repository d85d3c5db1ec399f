import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../../../testing/axe';
import { clientEmails } from '../../../testing/msw/handlers';
import { recordRequests, requestsTo } from '../../../testing/msw/recorder';
import { renderWithProviders } from '../../../testing/render';
import { NoticePreferences } from './notice-preferences';

describe('NoticePreferences', () => {
  it('shows the stored choice and saves a new one', async () => {
    const requests = recordRequests();
    const { user, container } = renderWithProviders(<NoticePreferences />, {
      config: { mail: true },
    });
    const none = await screen.findByRole('radio', { name: 'No enviar avisos' });
    expect(none).toBeChecked();
    expect(screen.getByRole('region', { name: 'Avisos de nuevos comprobantes' })).toBeVisible();
    await expectNoSeriousViolations(container);

    await user.click(screen.getByText('Un resumen diario'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Preferencia de avisos guardada');
    expect(screen.getByRole('radio', { name: 'Un resumen diario' })).toBeChecked();
    expect(requestsTo(requests, 'PATCH', '/api/client/notices')[0]?.body).toEqual({
      mode: 'digest',
    });
  });

  it('offers notices only once an address is confirmed, and links to adding one', async () => {
    clientEmails.splice(0, clientEmails.length, {
      id: 2,
      address: 'contabilidad@cocacola.pe',
      confirmed: false,
      language: 'es',
    });
    const { container } = renderWithProviders(<NoticePreferences />, { config: { mail: true } });
    expect(
      await screen.findByText(
        'Los avisos llegan solo a direcciones confirmadas, y esta cuenta aún no tiene ninguna.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Agregar un correo' })).toHaveAttribute(
      'href',
      '#correos',
    );
    expect(screen.getByRole('radio', { name: 'Un resumen diario' })).toBeDisabled();
    expect(
      screen.getByRole('radio', { name: 'Un correo por cada comprobante nuevo' }),
    ).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'No enviar avisos' })).toBeEnabled();
    await expectNoSeriousViolations(container);
  });

  it('says mail is off and offers only "none" then, in English too', async () => {
    renderWithProviders(<NoticePreferences />, { config: { mail: false }, language: 'en' });
    expect(
      await screen.findByText('Sending e-mail is not turned on in this portal.'),
    ).toBeVisible();
    expect(
      await screen.findByRole('radio', { name: 'One e-mail for each new document' }),
    ).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'No notices' })).toBeEnabled();
  });
});
