import { API_MESSAGES, CHALLENGE_HEADER, type ReceiverAccess } from '@sufel/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { es } from '../../../../i18n/es';
import { expectNoSeriousViolations } from '../../../../testing/axe';
import { challengeHiding } from '../../../../testing/challenge';
import { typeDate } from '../../../../testing/date-field';
import { unverifiedAccess } from '../../../../testing/fixtures';
import { resetClientAccess } from '../../../../testing/msw/handlers';
import { recordRequests, requestsTo } from '../../../../testing/msw/recorder';
import { server } from '../../../../testing/msw/server';
import { renderWithProviders, type Rendered } from '../../../../testing/render';
import { useClientCompanies } from '../../api/get-client-companies';
import { ReceiverAccessCard } from './receiver-access-card';

/** The dashboard's issuer filter, which must learn of an added issuer. */
function IssuerFilterProbe() {
  useClientCompanies();
  return null;
}

function renderCard() {
  return renderWithProviders(
    <>
      <ReceiverAccessCard />
      <IssuerFilterProbe />
    </>,
    { path: '/client/perfil' },
  );
}

function verifiedBy(by: 'operator' | 'sire', contacto = 'mailto:soporte@operador.pe') {
  resetClientAccess({
    ...unverifiedAccess(),
    verificado: true,
    verificadoPor: by,
    verificadoEn: '2025-03-05T15:00:00.000Z',
    contacto,
  });
}

const card = () => screen.getByRole('region', { name: 'Acceso a comprobantes' });

/** The boleta BB99-344 of COMERCIAL ANDINA S.A.C., an issuer the account does not see yet. */
async function fillBoletaProof({ user }: Rendered) {
  await user.type(screen.getByLabelText(/RUC del emisor/), '20338570041');
  await user.type(screen.getByLabelText(/Serie-Correlativo/), 'bb99-344');
  await user.click(screen.getByRole('combobox', { name: /Tipo de documento/ }));
  await user.click(await screen.findByRole('option', { name: 'Boleta' }));
  await typeDate(user, /Fecha de emisión/, '18092017');
  await user.type(screen.getByLabelText(/^Total/), '1000');
}

describe('ReceiverAccessCard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2024, 10, 26, 10, 0) });
  });

  it('lists the issuers an unverified account sees, and how to get verified', async () => {
    const { container } = renderCard();
    const list = await screen.findByRole('list', {
      name: 'Ve solo los comprobantes de estos emisores:',
    });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'GASPERSOFT EIRLRUC 20606433094 · desde el 20 de noviembre de 2024',
      'SOPORTE TECNOLOGICO EIRLRUC 20100454523 · desde el 1 de octubre de 2024',
    ]);
    expect(card()).toHaveTextContent(
      'Una cuenta verificada ve los comprobantes de todos sus emisores.',
    );
    expect(card()).toHaveTextContent(
      'Para verificar su cuenta, comuníquese con el operador del portal: soporte@operador.pe.',
    );
    expect(within(card()).getByRole('link', { name: 'soporte@operador.pe' })).toHaveAttribute(
      'href',
      'mailto:soporte@operador.pe',
    );
    expect(within(card()).getByRole('link', { name: 'Conciliación SIRE' })).toHaveAttribute(
      'href',
      '/client/conciliacion',
    );
    expect(within(card()).getByRole('button', { name: 'Agregar emisor' })).toBeVisible();
    await expectNoSeriousViolations(container);
  });

  it('shows a contact that is no address as text', async () => {
    resetClientAccess({ ...unverifiedAccess(), contacto: 'Mesa de partes, Av. Arequipa 123' });
    renderCard();
    expect(
      await screen.findByText(/comuníquese con el operador del portal: Mesa de partes/),
    ).toBeVisible();
    expect(
      within(card())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Conciliación SIRE']);
  });

  it('speaks English, dates included, when the page does', async () => {
    renderWithProviders(<ReceiverAccessCard />, { path: '/client/perfil', language: 'en' });
    const region = await screen.findByRole('region', { name: 'Access to documents' });
    expect(
      await within(region).findByRole('list', {
        name: 'You see only the documents of these issuers:',
      }),
    ).toHaveTextContent('RUC 20606433094 · since 20 November 2024');
    expect(region).toHaveTextContent(
      "To get your account verified, contact the portal's operator: soporte@operador.pe.",
    );
    expect(within(region).getByRole('button', { name: 'Add issuer' })).toBeVisible();
  });

  it.each([
    ['operator', 'El operador del portal verificó su RUC el 5 de marzo de 2025.'],
    [
      'sire',
      'Su RUC quedó verificado el 5 de marzo de 2025, cuando SUNAT aceptó sus credenciales SIRE.',
    ],
  ] as const)('says who verified an account (%s), which sees every issuer', async (by, words) => {
    verifiedBy(by);
    const { container } = renderCard();
    expect(await within(card()).findByText('Cuenta verificada')).toBeVisible();
    expect(within(card()).getByText(words)).toBeVisible();
    expect(
      within(card()).getByText(
        'Ve los comprobantes de todos sus emisores, también los de emisores nuevos.',
      ),
    ).toBeVisible();
    expect(within(card()).queryByRole('list')).toBeNull();
    expect(within(card()).queryByRole('button', { name: 'Agregar emisor' })).toBeNull();
    await expectNoSeriousViolations(container);
  });

  it('adds an issuer: says so, lists it, and refreshes what shows its documents', async () => {
    const requests = recordRequests();
    const rendered = renderCard();
    const { user } = rendered;
    await user.click(await screen.findByRole('button', { name: 'Agregar emisor' }));
    const form = screen.getByRole('form', { name: 'Agregar emisor' });
    expect(within(form).getByLabelText(/RUC del emisor/)).toHaveFocus();
    await fillBoletaProof(rendered);
    await user.click(within(form).getByRole('button', { name: 'Agregar emisor' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.issuerAdded);
    expect(requestsTo(requests, 'POST', '/api/client/issuers')[0]?.body).toEqual({
      comprobante: {
        emisor: '20338570041',
        tipo: '03',
        documento: 'BB99-344',
        fecha: '2017-09-18',
        total: '1000.00',
      },
    });
    expect(within(card()).getByText('COMERCIAL ANDINA S.A.C.').closest('li')).toHaveTextContent(
      'RUC 20338570041 · desde el 26 de noviembre de 2024',
    );
    expect(screen.queryByRole('form', { name: 'Agregar emisor' })).toBeNull();
    await waitFor(() =>
      expect(within(card()).getByRole('button', { name: 'Agregar emisor' })).toHaveFocus(),
    );
    await waitFor(() =>
      expect(requestsTo(requests, 'GET', '/api/client/companies')).toHaveLength(2),
    );
  });

  it('closes the form on Cancelar without sending anything', async () => {
    const requests = recordRequests();
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Agregar emisor' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('form', { name: 'Agregar emisor' })).toBeNull();
    expect(within(card()).getByRole('button', { name: 'Agregar emisor' })).toHaveFocus();
    expect(requestsTo(requests, 'POST', '/api/client/issuers')).toHaveLength(0);
  });

  it("shows the server's refusal, and says a document not found in words", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const rendered = renderCard();
    const { user } = rendered;
    await user.click(await screen.findByRole('button', { name: 'Agregar emisor' }));
    await fillBoletaProof(rendered);
    await user.clear(screen.getByLabelText(/^Total/));
    await user.type(screen.getByLabelText(/^Total/), '999');
    await user.click(screen.getByRole('button', { name: 'Agregar emisor' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.proofRejected);

    server.use(
      http.post('/api/client/issuers', () =>
        HttpResponse.json({ message: 'documento no encontrado' }, { status: 404 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Agregar emisor' }));
    expect(
      await screen.findByText('No se encontró un comprobante con esos datos emitido a su RUC.'),
    ).toBeVisible();
  });

  it('solves the verification the server asks for before adding', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let release: () => void = () => undefined;
    const challengeServed = new Promise<void>((resolve) => (release = resolve));
    const added = (access: ReceiverAccess) => ({
      message: API_MESSAGES.issuerAdded,
      acceso: access,
    });
    server.use(
      http.get('/api/challenge', async () => {
        await challengeServed;
        return HttpResponse.json(challengeHiding(42));
      }),
      http.post('/api/client/issuers', ({ request }) =>
        request.headers.has(CHALLENGE_HEADER)
          ? HttpResponse.json(added(unverifiedAccess()))
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
    const rendered = renderCard();
    await rendered.user.click(await screen.findByRole('button', { name: 'Agregar emisor' }));
    await fillBoletaProof(rendered);
    await rendered.user.click(screen.getByRole('button', { name: 'Agregar emisor' }));
    expect(await screen.findByRole('status')).toHaveTextContent(es.challenge.verifying);
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.issuerAdded);
  });

  it('offers to try again when the access cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get('/api/client/issuers', () => HttpResponse.json({ message: 'x' }, { status: 500 }), {
        once: true,
      }),
    );
    const { user } = renderCard();
    expect(
      await within(card()).findByText(
        'No se pudo cargar su acceso a comprobantes.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    await user.click(within(card()).getByRole('button', { name: 'Reintentar' }));
    expect(await within(card()).findByText('GASPERSOFT EIRL')).toBeVisible();
  });
});
