import { CHALLENGE_HEADER } from '@sufel/contract';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousViolations } from '../../../testing/axe';
import { challengeHiding } from '../../../testing/challenge';
import { CLIENT_PASSWORD, CLIENT_RUC } from '../../../testing/fixtures';
import { tokenResponse } from '../../../testing/msw/handlers';
import { recordRequests, requestsTo } from '../../../testing/msw/recorder';
import { server } from '../../../testing/msw/server';
import { renderWithProviders } from '../../../testing/render';
import { clientSession } from '../session/client-session';
import { ClientLoginForm } from './client-login-form';

function renderLogin() {
  const onLoggedIn = vi.fn();
  const rendered = renderWithProviders(<ClientLoginForm onLoggedIn={onLoggedIn} />, {
    path: '/client/login',
  });
  return { ...rendered, onLoggedIn };
}

describe('ClientLoginForm', () => {
  it('asks for the RUC, with a counter, and the password', async () => {
    const { container, user } = renderLogin();
    expect(screen.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await user.type(screen.getByLabelText(/^RUC/), '20415a');
    expect(screen.getByLabelText(/^RUC/)).toHaveValue('20415');
    expect(screen.getByText('5 / 11')).toBeVisible();
    expect(screen.getByLabelText(/^Contraseña/)).toHaveAttribute('type', 'password');
    await expectNoSeriousViolations(container);
  });

  it('shows and hides the password', async () => {
    const { user } = renderLogin();
    await user.type(screen.getByLabelText(/^Contraseña/), 'secreto');
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(screen.getByLabelText(/^Contraseña/)).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(screen.getByLabelText(/^Contraseña/)).toHaveAttribute('type', 'password');
  });

  it('signs in, remembering only the RUC and the expiry', async () => {
    const requests = recordRequests();
    const { user, onLoggedIn } = renderLogin();
    await user.type(screen.getByLabelText(/^RUC/), CLIENT_RUC);
    await user.type(screen.getByLabelText(/^Contraseña/), `${CLIENT_PASSWORD}{Enter}`);
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledOnce());
    expect(requestsTo(requests, 'POST', '/api/client/login')[0]?.body).toEqual({
      documento: CLIENT_RUC,
      password: CLIENT_PASSWORD,
    });
    expect(clientSession.read()).toEqual({ ruc: CLIENT_RUC, expire: expect.any(Number) as number });
    expect(JSON.stringify(localStorage)).not.toContain('opaque-token');
  });

  it('shows the reason under the form when the server refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, onLoggedIn } = renderLogin();
    await user.type(screen.getByLabelText(/^RUC/), CLIENT_RUC);
    await user.type(screen.getByLabelText(/^Contraseña/), 'equivocada');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Credenciales inválidas');
    expect(onLoggedIn).not.toHaveBeenCalled();
    expect(clientSession.read()).toBeNull();
  });

  it("passes on the server's word about too many attempts", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.post('/api/client/login', () =>
        HttpResponse.json(
          { message: 'Demasiados intentos fallidos. Intente nuevamente más tarde.' },
          { status: 429 },
        ),
      ),
    );
    const { user } = renderLogin();
    await user.type(screen.getByLabelText(/^RUC/), CLIENT_RUC);
    await user.type(screen.getByLabelText(/^Contraseña/), 'x{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiados intentos fallidos.');
  });

  it('checks the fields before sending anything', async () => {
    const requests = recordRequests();
    const { user } = renderLogin();
    await user.type(screen.getByLabelText(/^RUC/), '2041');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('El RUC debe tener 11 dígitos.')).toBeVisible();
    expect(screen.getByText('Ingrese la contraseña.')).toBeVisible();
    expect(requests).toHaveLength(0);
  });

  it('links to the account screens with words', async () => {
    const { user, currentPath } = renderLogin();
    expect(screen.getByText(/¿No tiene cuenta\?/)).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Regístrese' }));
    expect(currentPath()).toBe('/client/register');
    await user.click(screen.getByRole('link', { name: '¿Olvidó su contraseña?' }));
    expect(currentPath()).toBe('/client/reset-password');
  });

  it('starts with the RUC it was sent back with', () => {
    renderWithProviders(<ClientLoginForm onLoggedIn={vi.fn()} />, {
      path: `/client/login?ruc=${CLIENT_RUC}`,
    });
    expect(screen.getByLabelText(/^RUC/)).toHaveValue(CLIENT_RUC);
  });

  it('tells how many attempts remain before a verification is asked', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.post('/api/client/login', () =>
        HttpResponse.json({ message: 'credenciales inválidas', attemptsLeft: 2 }, { status: 400 }),
      ),
    );
    const { user } = renderLogin();
    await user.type(screen.getByLabelText(/^RUC/), CLIENT_RUC);
    await user.type(screen.getByLabelText(/^Contraseña/), 'equivocada{Enter}');
    expect(await screen.findByText('Intentos antes de una verificación: 2.')).toBeVisible();
  });

  it('solves the verification the server asks for and signs in, showing it works on it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let release: () => void = () => undefined;
    const challengeServed = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/challenge', async () => {
        await challengeServed;
        return HttpResponse.json(challengeHiding(42));
      }),
      http.post('/api/client/login', ({ request }) =>
        request.headers.has(CHALLENGE_HEADER)
          ? HttpResponse.json(tokenResponse())
          : HttpResponse.json(
              {
                message: 'Se necesita una verificación.',
                challengeRequired: true,
                attemptsLeft: 0,
              },
              { status: 429 },
            ),
      ),
    );
    const { user, onLoggedIn } = renderLogin();
    await user.type(screen.getByLabelText(/^RUC/), CLIENT_RUC);
    await user.type(screen.getByLabelText(/^Contraseña/), `${CLIENT_PASSWORD}{Enter}`);
    const verifying = await screen.findByRole('status');
    expect(verifying).toHaveTextContent(
      'Verificación de seguridad: su navegador hace un cálculo de alrededor de un segundo, por sí solo…',
    );
    release();
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledOnce());
    expect(verifying).not.toBeInTheDocument();
  });
});
