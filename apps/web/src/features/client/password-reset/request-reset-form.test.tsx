import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../../../testing/axe';
import { CLIENT_RUC } from '../../../testing/fixtures';
import { recordRequests, requestsTo } from '../../../testing/msw/recorder';
import { renderWithProviders } from '../../../testing/render';
import { RequestResetForm } from './request-reset-form';

const renderForm = (mail: boolean, contact = 'soporte@operador.pe') =>
  renderWithProviders(<RequestResetForm />, {
    path: '/client/reset-password',
    config: { mail, contact },
  });

describe('RequestResetForm', () => {
  it('asks only for the RUC and says who resets an account without a confirmed e-mail', async () => {
    const { container } = renderForm(true);
    expect(screen.getByRole('heading', { name: 'Restablecer contraseña' })).toBeVisible();
    expect(screen.getByText(/el operador del portal restablece su contraseña/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'soporte@operador.pe' })).toHaveAttribute(
      'href',
      'mailto:soporte@operador.pe',
    );
    expect(screen.queryByLabelText(/Serie-Correlativo/)).toBeNull();
    expect(screen.queryByLabelText(/contraseña/i, { selector: 'input' })).toBeNull();
    await expectNoSeriousViolations(container);
  });

  it('requests a link and answers the same whatever the account has', async () => {
    const requests = recordRequests();
    const { user } = renderForm(true);
    await user.type(screen.getByLabelText(/^RUC/), `${CLIENT_RUC}{Enter}`);
    expect(await screen.findByRole('heading', { name: 'Revise su correo' })).toBeVisible();
    expect(
      screen.getByText(
        /Si la cuenta tiene un correo confirmado, le enviamos un enlace válido por 30 minutos/,
      ),
    ).toBeVisible();
    expect(requestsTo(requests, 'POST', '/api/client/password-reset/request')[0]?.body).toEqual({
      documento: CLIENT_RUC,
      language: 'es',
    });
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toHaveAttribute(
      'href',
      `/client/login?ruc=${CLIENT_RUC}`,
    );
  });

  it('checks the RUC before sending anything', async () => {
    const requests = recordRequests();
    const { user } = renderForm(true);
    await user.type(screen.getByLabelText(/^RUC/), '2041{Enter}');
    expect(await screen.findByText('El RUC debe tener 11 dígitos.')).toBeVisible();
    await waitFor(() => expect(requests).toHaveLength(0));
  });

  it("sends to the operator's contact where the portal cannot mail", () => {
    renderForm(false, 'tel:+51 1 555 0100');
    expect(screen.getByText(/Este portal no envía correos/)).toBeVisible();
    expect(screen.getByRole('link', { name: '+51 1 555 0100' })).toHaveAttribute(
      'href',
      'tel:+5115550100',
    );
    expect(screen.queryByLabelText(/^RUC/)).toBeNull();
  });

  it('ends in the operator as text when its contact is no address', () => {
    renderForm(false, 'Mesa de partes, Av. Arequipa 123');
    expect(
      screen.getByText(/Comuníquese con él: Mesa de partes, Av. Arequipa 123\./),
    ).toBeVisible();
  });
});
