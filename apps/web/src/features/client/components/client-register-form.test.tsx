import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoSeriousViolations } from '../../../testing/axe';
import { shownDate, typeDate } from '../../../testing/date-field';
import { CLIENT_RUC } from '../../../testing/fixtures';
import { recordRequests, requestsTo } from '../../../testing/msw/recorder';
import { server } from '../../../testing/msw/server';
import { renderWithProviders, type Rendered } from '../../../testing/render';
import { clientSession } from '../session/client-session';
import { ClientRegisterForm } from './client-register-form';

function renderRegister(config: { ruc?: string; mail?: boolean } = {}) {
  const onRegistered = vi.fn();
  const rendered = renderWithProviders(<ClientRegisterForm onRegistered={onRegistered} />, {
    path: '/client/register',
    config,
  });
  return { ...rendered, onRegistered };
}

async function fillAccount({ user }: Rendered, repeat = 'lucuma-pisco-73') {
  await user.type(screen.getByLabelText(/^RUC \*/), CLIENT_RUC);
  await user.type(screen.getByLabelText(/^Razón social/), 'Coca-Cola Servicios de Perú S.A.');
  await user.type(screen.getByLabelText(/^Contraseña/), 'lucuma-pisco-73');
  if (repeat !== '') await user.type(screen.getByLabelText(/^Repita la contraseña/), repeat);
}

async function fillProof({ user }: Rendered) {
  const proof = screen.getByRole('group', { name: 'Comprobante emitido a este RUC' });
  await user.type(within(proof).getByLabelText(/RUC del emisor/), '20606433094');
  await user.type(within(proof).getByLabelText(/Serie-Correlativo/), 'f001-3');
  await typeDate(user, /Fecha de emisión/, '25112024');
  await user.type(within(proof).getByLabelText(/^Total/), '1180');
}

describe('ClientRegisterForm', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2024, 10, 26, 10, 0) });
  });

  it('rates the password while it is typed, against the RUC and name typed above it', async () => {
    const rendered = renderRegister();
    const { user } = rendered;
    const field = screen.getByLabelText(/^Contraseña/);
    expect(screen.getByText(/^Al menos 8 caracteres y difícil de adivinar/)).toBeVisible();
    await user.type(field, '1234');
    expect(screen.getByText('Al menos 8 caracteres (lleva 4).')).toBeVisible();
    await user.type(field, '5678');
    expect(
      await screen.findByText(
        'Muy fácil de adivinar. Es una de las diez contraseñas más usadas. Agregue palabras poco comunes, números o símbolos.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    await user.type(screen.getByLabelText(/^RUC \*/), CLIENT_RUC);
    await user.clear(field);
    await user.type(field, CLIENT_RUC);
    expect(
      await screen.findByText(
        /Contiene el RUC o la razón social de la cuenta\./,
        {},
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    await user.clear(field);
    await user.type(field, 'lucuma-pisco-73');
    expect(
      await screen.findByText(/^(Muy d|D)ifícil de adivinar/, {}, { timeout: 10_000 }),
    ).toBeVisible();
  });

  it('asks for the account and for one document issued to the RUC', async () => {
    const { container } = renderRegister();
    expect(screen.getByRole('heading', { name: 'Registrarse' })).toBeVisible();
    const proof = screen.getByRole('group', { name: 'Comprobante emitido a este RUC' });
    expect(within(proof).getByLabelText(/RUC del emisor/)).toBeVisible();
    expect(within(proof).getByRole('combobox', { name: /Tipo de documento/ })).toHaveTextContent(
      'Factura',
    );
    expect(shownDate(/Fecha de emisión/)).toBe('26/11/2024');
    await expectNoSeriousViolations(container);
  });

  it('creates the account, signed in, and passes on the server message', async () => {
    const requests = recordRequests();
    const rendered = renderRegister();
    await fillAccount(rendered);
    await fillProof(rendered);
    await rendered.user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() => expect(rendered.onRegistered).toHaveBeenCalledWith('Cuenta creada.'));
    expect(clientSession.read()?.ruc).toBe(CLIENT_RUC);
    expect(requestsTo(requests, 'POST', '/api/client/register')[0]?.body).toEqual({
      documento: CLIENT_RUC,
      nombres: 'Coca-Cola Servicios de Perú S.A.',
      password: 'lucuma-pisco-73',
      repeat_password: 'lucuma-pisco-73',
      comprobante: {
        emisor: '20606433094',
        tipo: '01',
        documento: 'F001-3',
        fecha: '2024-11-25',
        total: '1180.00',
      },
    });
  });

  it('refuses passwords that differ or are short', async () => {
    const rendered = renderRegister();
    await fillAccount(rendered, 'otra12345');
    await rendered.user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('Las contraseñas no coinciden.')).toBeVisible();
    await rendered.user.clear(screen.getByLabelText(/^Contraseña/));
    await rendered.user.type(screen.getByLabelText(/^Contraseña/), 'corta');
    expect(
      await screen.findByText('La contraseña debe tener al menos 8 caracteres.'),
    ).toBeVisible();
    expect(rendered.onRegistered).not.toHaveBeenCalled();
  });

  it('marks "Repita la contraseña" invalid and names its error, left empty or different', async () => {
    const rendered = renderRegister();
    await fillAccount(rendered, '');
    await fillProof(rendered);
    await rendered.user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    const repeat = screen.getByLabelText(/^Repita la contraseña/);
    await waitFor(() => expect(repeat).toHaveAttribute('aria-invalid', 'true'));
    expect(repeat).toHaveAccessibleDescription('Repita la contraseña.');
    await rendered.user.type(repeat, 'otra12345');
    await waitFor(() =>
      expect(repeat).toHaveAccessibleDescription('Las contraseñas no coinciden.'),
    );
    expect(repeat).toHaveAttribute('aria-invalid', 'true');
    expect(rendered.onRegistered).not.toHaveBeenCalled();
  });

  it('refuses an issue date after today', async () => {
    const rendered = renderRegister();
    await typeDate(rendered.user, /Fecha de emisión/, '01122024');
    await rendered.user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('La fecha no puede ser posterior a hoy.')).toBeVisible();
  });

  it('shows why the server refused the proof', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.post('/api/client/register', () =>
        HttpResponse.json(
          {
            message: 'Los datos del comprobante no corresponden a un documento emitido a este RUC.',
          },
          { status: 400 },
        ),
      ),
    );
    const rendered = renderRegister();
    await fillAccount(rendered);
    await fillProof(rendered);
    await rendered.user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Los datos del comprobante no corresponden a un documento emitido a este RUC.',
    );
    expect(rendered.onRegistered).not.toHaveBeenCalled();
  });

  it('takes the issuer from the configuration on a single-issuer portal', async () => {
    const requests = recordRequests();
    const rendered = renderRegister({ ruc: '20606433094' });
    expect(screen.queryByLabelText(/RUC del emisor/)).toBeNull();
    await fillAccount(rendered);
    await rendered.user.type(screen.getByLabelText(/Serie-Correlativo/), 'F001-3');
    await rendered.user.type(screen.getByLabelText(/^Total/), '1180');
    await rendered.user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() => expect(rendered.onRegistered).toHaveBeenCalledOnce());
    expect(requestsTo(requests, 'POST', '/api/client/register')[0]?.body).toMatchObject({
      comprobante: { emisor: '20606433094', fecha: '2024-11-26' },
    });
  });

  it('flags a RUC with a wrong check digit on its field, sending nothing', async () => {
    const requests = recordRequests();
    const rendered = renderRegister();
    await fillAccount(rendered);
    await fillProof(rendered);
    const ruc = screen.getByLabelText(/^RUC \*/);
    await rendered.user.clear(ruc);
    await rendered.user.type(ruc, '20415932377');
    await rendered.user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(ruc).toHaveAccessibleDescription(/dígito verificador/);
    expect(ruc).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
  });

  it('sends the optional e-mail, in the language of the page, when the portal mails', async () => {
    const requests = recordRequests();
    const rendered = renderRegister({ mail: true });
    await fillAccount(rendered);
    await fillProof(rendered);
    await rendered.user.type(
      screen.getByLabelText(/^Correo electrónico \(opcional\)/),
      'facturas@cocacola.pe',
    );
    await rendered.user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() => expect(rendered.onRegistered).toHaveBeenCalledOnce());
    expect(requestsTo(requests, 'POST', '/api/client/register')[0]?.body).toMatchObject({
      email: 'facturas@cocacola.pe',
      language: 'es',
    });
  });

  it('asks for no e-mail where the portal cannot send any', () => {
    renderRegister({ mail: false });
    expect(screen.queryByLabelText(/Correo electrónico/)).toBeNull();
  });

  it('refuses an e-mail that is not one', async () => {
    const requests = recordRequests();
    const rendered = renderRegister({ mail: true });
    await fillAccount(rendered);
    await fillProof(rendered);
    await rendered.user.type(screen.getByLabelText(/^Correo electrónico/), 'facturas@');
    await rendered.user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('El correo electrónico no es válido.')).toBeVisible();
    expect(requests).toHaveLength(0);
  });
});
