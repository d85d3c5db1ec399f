import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoSeriousViolations } from '../../../testing/axe';
import { typeDate } from '../../../testing/date-field';
import { CLIENT_RUC } from '../../../testing/fixtures';
import { recordRequests, requestsTo } from '../../../testing/msw/recorder';
import { renderWithProviders } from '../../../testing/render';
import { ResetPasswordForm } from './reset-password-form';

describe('ResetPasswordForm', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2024, 10, 26, 10, 0) });
  });

  it('sets a new password for a RUC that proves itself with one document', async () => {
    const requests = recordRequests();
    const onReset = vi.fn();
    const { user, container } = renderWithProviders(<ResetPasswordForm onReset={onReset} />, {
      path: '/client/reset-password',
    });
    expect(screen.getByRole('heading', { name: 'Restablecer contraseña' })).toBeVisible();
    await expectNoSeriousViolations(container);
    await user.type(screen.getByLabelText(/^RUC \*/), CLIENT_RUC);
    const proof = screen.getByRole('group', { name: 'Comprobante emitido a este RUC' });
    await user.type(within(proof).getByLabelText(/RUC del emisor/), '20606433094');
    await user.type(within(proof).getByLabelText(/Serie-Correlativo/), 'F001-3');
    await typeDate(user, /Fecha de emisión/, '25112024');
    await user.type(within(proof).getByLabelText(/^Total/), '1180.00');
    await user.type(screen.getByLabelText(/^Nueva contraseña/), 'nueva-clave-1');
    await user.type(screen.getByLabelText(/^Repita la nueva contraseña/), 'nueva-clave-1');
    await user.click(screen.getByRole('button', { name: 'Restablecer contraseña' }));
    await waitFor(() =>
      expect(onReset).toHaveBeenCalledWith('Contraseña restablecida. Ya puede ingresar.'),
    );
    expect(requestsTo(requests, 'POST', '/api/client/reset-password')[0]?.body).toEqual({
      documento: CLIENT_RUC,
      password: 'nueva-clave-1',
      repeat_password: 'nueva-clave-1',
      comprobante: {
        emisor: '20606433094',
        tipo: '01',
        documento: 'F001-3',
        fecha: '2024-11-25',
        total: '1180.00',
      },
    });
  });

  it('refuses new passwords that differ', async () => {
    const onReset = vi.fn();
    const { user } = renderWithProviders(<ResetPasswordForm onReset={onReset} />);
    await user.type(screen.getByLabelText(/^Nueva contraseña/), 'nueva-clave-1');
    await user.type(screen.getByLabelText(/^Repita la nueva contraseña/), 'nueva-clave-2');
    await user.click(screen.getByRole('button', { name: 'Restablecer contraseña' }));
    expect(await screen.findByText('Las contraseñas no coinciden.')).toBeVisible();
    expect(onReset).not.toHaveBeenCalled();
  });
});
