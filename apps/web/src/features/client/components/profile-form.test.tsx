import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousViolations } from '../../../testing/axe';
import { CLIENT_PASSWORD, CLIENT_RUC } from '../../../testing/fixtures';
import { recordRequests, requestsTo } from '../../../testing/msw/recorder';
import { renderWithProviders } from '../../../testing/render';
import { clientSession } from '../session/client-session';
import { ProfileForm } from './profile-form';

describe('ProfileForm', () => {
  it('changes the password and says so', async () => {
    const requests = recordRequests();
    const { user, container } = renderWithProviders(<ProfileForm />, { path: '/client/perfil' });
    expect(screen.getByRole('heading', { name: 'Cambiar contraseña' })).toBeVisible();
    await expectNoSeriousViolations(container);
    await user.type(screen.getByLabelText(/^Contraseña actual/), CLIENT_PASSWORD);
    await user.type(screen.getByLabelText(/^Nueva contraseña/), 'nueva-clave-1');
    await user.type(screen.getByLabelText(/^Repita la nueva contraseña/), 'nueva-clave-1');
    await user.click(screen.getByRole('button', { name: 'Actualizar contraseña' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Contraseña actualizada');
    expect(requestsTo(requests, 'POST', '/api/client/change-password')[0]?.body).toEqual({
      old: CLIENT_PASSWORD,
      new: 'nueva-clave-1',
      repeat: 'nueva-clave-1',
    });
    await waitFor(() => expect(screen.getByLabelText(/^Contraseña actual/)).toHaveValue(''));
  });

  it('keeps this session going until the new token expires', async () => {
    const soon = Math.floor(Date.now() / 1000) + 60;
    clientSession.save({ expire: soon, ruc: CLIENT_RUC });
    const { user } = renderWithProviders(<ProfileForm />, { path: '/client/perfil' });
    await user.type(screen.getByLabelText(/^Contraseña actual/), CLIENT_PASSWORD);
    await user.type(screen.getByLabelText(/^Nueva contraseña/), 'nueva-clave-1');
    await user.type(screen.getByLabelText(/^Repita la nueva contraseña/), 'nueva-clave-1');
    await user.click(screen.getByRole('button', { name: 'Actualizar contraseña' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Contraseña actualizada');
    expect(clientSession.read()?.ruc).toBe(CLIENT_RUC);
    expect(clientSession.read()?.expire).toBeGreaterThan(soon + 4 * 3600);
  });

  it('says the passwords do not match before sending anything', async () => {
    const requests = recordRequests();
    const { user } = renderWithProviders(<ProfileForm />);
    await user.type(screen.getByLabelText(/^Nueva contraseña/), 'nueva-clave-1');
    await user.type(screen.getByLabelText(/^Repita la nueva contraseña/), 'nueva-clave-2');
    await user.click(screen.getByRole('button', { name: 'Actualizar contraseña' }));
    expect(await screen.findByText('Las contraseñas no coinciden.')).toBeVisible();
    expect(screen.getByText('Ingrese la contraseña.')).toBeVisible();
    expect(requests).toHaveLength(0);
  });

  it('shows why the server refused, such as a wrong current password', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<ProfileForm />);
    await user.type(screen.getByLabelText(/^Contraseña actual/), 'equivocada');
    await user.type(screen.getByLabelText(/^Nueva contraseña/), 'nueva-clave-1');
    await user.type(screen.getByLabelText(/^Repita la nueva contraseña/), 'nueva-clave-1');
    await user.click(screen.getByRole('button', { name: 'Actualizar contraseña' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cambiar la contraseña');
    expect(screen.queryByText('Contraseña actualizada')).toBeNull();
  });
});
