import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousViolations } from '../../../testing/axe';
import { CLIENT_RUC } from '../../../testing/fixtures';
import { RESET_TOKEN } from '../../../testing/msw/handlers';
import { recordRequests, requestsTo } from '../../../testing/msw/recorder';
import { renderWithProviders } from '../../../testing/render';
import { NewPasswordForm } from './new-password-form';

function renderForm(token: string | null) {
  const onReset = vi.fn();
  const path =
    token === null
      ? '/client/password-reset'
      : `/client/password-reset?token=${encodeURIComponent(token)}`;
  return { ...renderWithProviders(<NewPasswordForm onReset={onReset} />, { path }), onReset };
}

describe('NewPasswordForm', () => {
  it('sets the new password of the account the link names, typed twice', async () => {
    const requests = recordRequests();
    const { user, onReset, container } = renderForm(RESET_TOKEN);
    expect(await screen.findByText(`Cuenta del RUC ${CLIENT_RUC}`)).toBeVisible();
    await expectNoSeriousViolations(container);
    await user.type(
      screen.getByLabelText(/^Nueva contraseña/, { selector: 'input' }),
      'nueva-clave-1',
    );
    await user.type(screen.getByLabelText(/^Repita la nueva contraseña/), 'nueva-clave-1');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    await waitFor(() =>
      expect(onReset).toHaveBeenCalledWith(
        'Contraseña restablecida. Ya puede ingresar.',
        CLIENT_RUC,
      ),
    );
    expect(requestsTo(requests, 'POST', '/api/client/password-reset/confirm')[0]?.body).toEqual({
      token: RESET_TOKEN,
      password: 'nueva-clave-1',
      repeat_password: 'nueva-clave-1',
    });
  });

  it('says the passwords differ before sending', async () => {
    const { user } = renderForm(RESET_TOKEN);
    const password = await screen.findByLabelText(/^Nueva contraseña/, { selector: 'input' });
    const requests = recordRequests();
    await user.type(password, 'nueva-clave-1');
    await user.type(screen.getByLabelText(/^Repita la nueva contraseña/), 'otra-clave-1');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByText('Las contraseñas no coinciden.')).toBeVisible();
    expect(requests).toHaveLength(0);
  });

  it('says a used or expired link is dead before asking for a password', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const requests = recordRequests();
    renderForm('stale');
    expect(
      await screen.findByText('El enlace no es válido o ya venció. Solicite uno nuevo.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Solicitar un nuevo enlace' })).toBeVisible();
    expect(screen.queryByLabelText(/^Nueva contraseña/, { selector: 'input' })).toBeNull();
    expect(requestsTo(requests, 'POST', '/api/client/password-reset/link')[0]?.body).toEqual({
      token: 'stale',
    });
  });

  it('says a link without its code is not valid', () => {
    renderForm(null);
    expect(
      screen.getByText('El enlace no es válido o ya venció. Solicite uno nuevo.'),
    ).toBeVisible();
    expect(screen.queryByLabelText(/^Nueva contraseña/, { selector: 'input' })).toBeNull();
  });
});
