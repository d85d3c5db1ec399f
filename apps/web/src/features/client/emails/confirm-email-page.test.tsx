import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CONFIRMATION_TOKEN } from '../../../testing/msw/handlers';
import { recordRequests, requestsTo } from '../../../testing/msw/recorder';
import { renderWithProviders } from '../../../testing/render';
import { ConfirmEmailPage } from './confirm-email-page';

describe('ConfirmEmailPage', () => {
  it('confirms the address of the link once and says so', async () => {
    const requests = recordRequests();
    renderWithProviders(<ConfirmEmailPage />, {
      path: `/client/email/confirm?token=${CONFIRMATION_TOKEN}`,
    });
    expect(await screen.findByText('Dirección de correo confirmada.')).toBeVisible();
    expect(requestsTo(requests, 'POST', '/api/client/email-confirmation')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Ir al inicio de sesión' })).toBeVisible();
  });

  it("passes on the server's refusal of a stale link", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<ConfirmEmailPage />, { path: '/client/email/confirm?token=viejo' });
    expect(
      await screen.findByText('El enlace no es válido o ya venció. Solicite uno nuevo.'),
    ).toBeVisible();
  });
});
