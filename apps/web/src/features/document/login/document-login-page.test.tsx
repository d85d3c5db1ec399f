import { CHALLENGE_HEADER } from '@sufel/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoSeriousViolations } from '../../../testing/axe';
import { challengeHiding } from '../../../testing/challenge';
import { tokenResponse } from '../../../testing/msw/handlers';
import { recordRequests, requestsTo } from '../../../testing/msw/recorder';
import { server } from '../../../testing/msw/server';
import { renderWithProviders, type Rendered } from '../../../testing/render';
import { consultedProof } from '../session/consulted-proof';
import { documentSession } from '../session/document-session';
import { DocumentLoginPage } from './document-login-page';

// The page is built without MUI: it renders outside the MUI providers.
function renderPage(options: { ruc?: string; language?: 'es' | 'en' } = {}) {
  const onFound = vi.fn();
  const rendered = renderWithProviders(<DocumentLoginPage onFound={onFound} />, {
    path: '/document/login',
    area: false,
    config: { ruc: options.ruc ?? '' },
    language: options.language,
  });
  return { ...rendered, onFound };
}

async function fillProof(
  { user }: Rendered,
  proof: { emisor?: string; documento: string; fecha?: string; total: string },
) {
  if (proof.emisor !== undefined) {
    await user.type(screen.getByLabelText(/RUC del emisor/), proof.emisor);
  }
  await user.type(screen.getByLabelText(/Serie-Correlativo/), proof.documento);
  if (proof.fecha !== undefined) {
    const date = screen.getByLabelText(/Fecha de emisión/);
    await user.clear(date);
    await user.type(date, proof.fecha);
  }
  await user.type(screen.getByLabelText(/^Total/), proof.total);
}

async function typeDateDigits({ user }: Rendered, digits: string) {
  const date = screen.getByLabelText(/Fecha de emisión/);
  await user.clear(date);
  await user.type(date, digits);
}

const submit = (rendered: Rendered) =>
  rendered.user.click(screen.getByRole('button', { name: 'Consultar' }));

describe('DocumentLoginPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2024, 10, 26, 10, 0) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for the data printed on the document, factura and today by default', async () => {
    const { container } = renderPage();
    expect(
      screen.getByRole('heading', { name: 'Consulta de Comprobante Electrónico' }),
    ).toBeVisible();
    expect(screen.getByText('Complete la información')).toBeVisible();
    expect(screen.getByLabelText(/RUC del emisor/)).toHaveValue('');
    expect(screen.getByText('0 / 11')).toBeVisible();
    expect(screen.getByLabelText(/Tipo de documento/)).toHaveValue('01');
    expect(
      within(screen.getByLabelText(/Tipo de documento/))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Factura',
      'Boleta',
      'Nota de Crédito',
      'Nota de Débito',
      'Comprobante de Retención',
      'Comprobante de Percepción',
    ]);
    expect(screen.getByLabelText(/Fecha de emisión/)).toHaveValue('26/11/2024');
    await expectNoSeriousViolations(container);
  });

  it('counts the RUC digits, keeps only digits and upper-cases the series', async () => {
    const rendered = renderPage();
    await rendered.user.type(screen.getByLabelText(/RUC del emisor/), '2060a643');
    expect(screen.getByLabelText(/RUC del emisor/)).toHaveValue('2060643');
    expect(screen.getByText('7 / 11')).toBeVisible();
    await rendered.user.type(screen.getByLabelText(/Serie-Correlativo/), 'f001-3');
    expect(screen.getByLabelText(/Serie-Correlativo/)).toHaveValue('F001-3');
  });

  it('opens the document it finds and remembers the consultation', async () => {
    const requests = recordRequests();
    const rendered = renderPage();
    await fillProof(rendered, {
      emisor: '20606433094',
      documento: 'f001-00000003',
      fecha: '25112024',
      total: '1,180.00',
    });
    expect(screen.getByLabelText(/Fecha de emisión/)).toHaveValue('25/11/2024');
    await submit(rendered);
    await waitFor(() => expect(rendered.onFound).toHaveBeenCalledOnce());
    expect(requestsTo(requests, 'POST', '/api/document/auth')[0]?.body).toEqual({
      emisor: '20606433094',
      tipo: '01',
      documento: 'F001-00000003',
      fecha: '2024-11-25',
      total: '1180.00',
    });
    expect(documentSession.read()).not.toBeNull();
    expect(consultedProof.read()).toEqual({
      emisor: '20606433094',
      tipo: '01',
      documento: 'F001-00000003',
      fecha: '2024-11-25',
      total: '1,180.00',
    });
  });

  it('comes back filled in with the document this tab consulted last', () => {
    consultedProof.save({
      emisor: '20606433094',
      tipo: '07',
      documento: 'F001-1',
      fecha: '2024-11-20',
      total: 'S/ 118.00',
    });
    renderPage();
    expect(screen.getByLabelText(/RUC del emisor/)).toHaveValue('20606433094');
    expect(screen.getByLabelText(/Serie-Correlativo/)).toHaveValue('F001-1');
    expect(screen.getByLabelText(/Tipo de documento/)).toHaveValue('07');
    expect(screen.getByLabelText(/Fecha de emisión/)).toHaveValue('20/11/2024');
    expect(screen.getByLabelText(/^Total/)).toHaveValue('S/ 118.00');
  });

  it('submits with Enter from any field', async () => {
    const rendered = renderPage();
    await fillProof(rendered, {
      emisor: '20606433094',
      documento: 'F001-3',
      fecha: '25112024',
      total: '1180{Enter}',
    });
    await waitFor(() => expect(rendered.onFound).toHaveBeenCalledOnce());
  });

  it('says which fields must match the printed document when nothing matches', async () => {
    const rendered = renderPage();
    await fillProof(rendered, {
      emisor: '20606433094',
      documento: 'F001-3',
      fecha: '25112024',
      total: '1181',
    });
    await submit(rendered);
    await screen.findByText('Cada dato debe ser el impreso en el comprobante:');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('No se encontraron resultados.');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'RUC del emisor',
      'Serie-Correlativo',
      'Tipo de documento',
      'Fecha de emisión',
      'Total',
    ]);
    expect(screen.getByText('Formato dd/mm/aaaa')).toBeVisible();
    expect(rendered.onFound).not.toHaveBeenCalled();
    expect(documentSession.read()).toBeNull();
  });

  it('flags the issue date left at today after a failed consultation', async () => {
    const rendered = renderPage();
    await fillProof(rendered, { emisor: '20606433094', documento: 'F001-3', total: '1180' });
    await submit(rendered);
    await screen.findByText('Cada dato debe ser el impreso en el comprobante:');
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText(/^Fecha de emisión/)).toHaveTextContent(
      'Fecha de emisión: todavía es la de hoy',
    );
    expect(screen.getByLabelText(/Fecha de emisión/)).toHaveAccessibleDescription(
      'Es la fecha de hoy: ¿es la impresa en el comprobante?',
    );
    await typeDateDigits(rendered, '25112024');
    expect(screen.queryByText(/Es la fecha de hoy/)).toBeNull();
    await submit(rendered);
    await waitFor(() => expect(rendered.onFound).toHaveBeenCalledOnce());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the eleven digits of a RUC pasted with spaces or its printed label', async () => {
    const rendered = renderPage();
    const issuer = screen.getByLabelText(/RUC del emisor/);
    await rendered.user.click(issuer);
    await rendered.user.paste(' 20606433094');
    expect(issuer).toHaveValue('20606433094');
    await rendered.user.clear(issuer);
    await rendered.user.paste('R.U.C. N° 20606433094');
    expect(issuer).toHaveValue('20606433094');
    expect(screen.getByText('11 / 11')).toBeVisible();
  });

  it('reads an issue date pasted as 2024-11-25 or 25-11-2024', async () => {
    const requests = recordRequests();
    const rendered = renderPage();
    const date = screen.getByLabelText(/Fecha de emisión/);
    await rendered.user.clear(date);
    await rendered.user.paste('2024-11-25');
    expect(date).toHaveValue('25/11/2024');
    await rendered.user.clear(date);
    await rendered.user.paste('25-11-2024');
    expect(date).toHaveValue('25/11/2024');
    await fillProof(rendered, { emisor: '20606433094', documento: 'F001-3', total: '1180' });
    await submit(rendered);
    await waitFor(() => expect(rendered.onFound).toHaveBeenCalledOnce());
    expect(requestsTo(requests, 'POST', '/api/document/auth')[0]?.body).toMatchObject({
      fecha: '2024-11-25',
    });
  });

  it("shows the server's message when it refuses, such as too many attempts", async () => {
    server.use(
      http.post('/api/document/auth', () =>
        HttpResponse.json(
          { message: 'Demasiados intentos fallidos. Intente nuevamente más tarde.' },
          { status: 429 },
        ),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const rendered = renderPage();
    await fillProof(rendered, { emisor: '20606433094', documento: 'F001-3', total: '1' });
    await submit(rendered);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Demasiados intentos fallidos. Intente nuevamente más tarde.',
    );
  });

  it('tells how many wrong tries remain before a verification is asked', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.post('/api/document/auth', () =>
        HttpResponse.json({ message: 'documento no encontrado', attemptsLeft: 1 }, { status: 404 }),
      ),
    );
    const rendered = renderPage();
    await fillProof(rendered, { emisor: '20606433094', documento: 'F001-3', total: '1' });
    await submit(rendered);
    expect(await screen.findByText('Intentos antes de una verificación: 1.')).toBeVisible();
  });

  it('solves the verification asked of a document under guessing and opens it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get('/api/challenge', () => HttpResponse.json(challengeHiding(5))),
      http.post('/api/document/auth', ({ request }) =>
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
    const rendered = renderPage();
    await fillProof(rendered, { emisor: '20606433094', documento: 'F001-3', total: '1180' });
    await submit(rendered);
    await waitFor(() => expect(rendered.onFound).toHaveBeenCalledOnce());
  });

  it('explains a failed connection', async () => {
    server.use(http.post('/api/document/auth', () => HttpResponse.error()));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const rendered = renderPage();
    await fillProof(rendered, { emisor: '20606433094', documento: 'F001-3', total: '1' });
    await submit(rendered);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo conectar con el servidor.',
    );
  });

  it('shows a spinner in place of the button text while it waits', async () => {
    server.use(
      http.post('/api/document/auth', async () => {
        await delay(200);
        return HttpResponse.json({ message: 'documento no encontrado' }, { status: 404 });
      }),
    );
    const rendered = renderPage();
    await fillProof(rendered, { emisor: '20606433094', documento: 'F001-3', total: '1' });
    await submit(rendered);
    const spinner = screen.getByRole('progressbar', { name: 'Cargando…' });
    expect(spinner.closest('button')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Consultar' })).toBeNull();
    await screen.findByRole('alert');
    expect(screen.getByRole('button', { name: 'Consultar' })).toBeEnabled();
  });

  it('explains each invalid field and sends nothing', async () => {
    const requests = recordRequests();
    const rendered = renderPage();
    await rendered.user.type(screen.getByLabelText(/RUC del emisor/), '123');
    await rendered.user.type(screen.getByLabelText(/Serie-Correlativo/), 'F001');
    const date = screen.getByLabelText(/Fecha de emisión/);
    await rendered.user.clear(date);
    await rendered.user.type(date, '31022024');
    await submit(rendered);
    expect(await screen.findByText('El RUC debe tener 11 dígitos.')).toBeVisible();
    expect(screen.getByLabelText(/RUC del emisor/)).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText('Use el formato serie-correlativo, por ejemplo F001-123.'),
    ).toBeVisible();
    expect(screen.getByText('Ingrese una fecha válida.')).toBeVisible();
    expect(screen.getByText('Ingrese el total.')).toBeVisible();
    expect(requestsTo(requests, 'POST', '/api/document/auth')).toHaveLength(0);
  });

  it('selects the date when the field is focused, so typing replaces it', async () => {
    const rendered = renderPage();
    const date = screen.getByLabelText<HTMLInputElement>(/Fecha de emisión/);
    await rendered.user.click(date);
    expect([date.selectionStart, date.selectionEnd]).toEqual([0, '26/11/2024'.length]);
    await rendered.user.keyboard('25112024');
    expect(date).toHaveValue('25/11/2024');
    await rendered.user.tab({ shift: true });
    await rendered.user.tab();
    expect([date.selectionStart, date.selectionEnd]).toEqual([0, '25/11/2024'.length]);
  });

  it('reads a date typed year first or with a two-digit year', async () => {
    const requests = recordRequests();
    const rendered = renderPage();
    const date = screen.getByLabelText(/Fecha de emisión/);
    await rendered.user.click(date);
    await rendered.user.keyboard('2024-11-20');
    expect(date).toHaveValue('20/11/2024');
    await rendered.user.tab();
    await rendered.user.click(date);
    await rendered.user.keyboard('25/11/24');
    expect(date).toHaveValue('25/11/24');
    await rendered.user.tab();
    expect(date).toHaveValue('25/11/2024');
    await fillProof(rendered, { emisor: '20606433094', documento: 'F001-3', total: '1180' });
    await submit(rendered);
    await waitFor(() => expect(rendered.onFound).toHaveBeenCalledOnce());
    expect(requestsTo(requests, 'POST', '/api/document/auth')[0]?.body).toMatchObject({
      fecha: '2024-11-25',
    });
  });

  it('reads the total as printed, and shows an accepted total when it cannot', async () => {
    const requests = recordRequests();
    const rendered = renderPage();
    await fillProof(rendered, {
      emisor: '20606433094',
      documento: 'F001-3',
      fecha: '25112024',
      total: 'S/ 1.180,00',
    });
    await submit(rendered);
    expect(
      await screen.findByText(
        'Escriba el total como figura en el comprobante, por ejemplo S/ 1,180.00 o 1180.00.',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText(/^Total/)).toHaveAttribute('aria-invalid', 'true');
    for (const printed of ['S/ 1,180.00', 'S/ 1180.00', 'US$ 1,180.00']) {
      await rendered.user.clear(screen.getByLabelText(/^Total/));
      await rendered.user.type(screen.getByLabelText(/^Total/), printed);
      await submit(rendered);
      await waitFor(() =>
        expect(requestsTo(requests, 'POST', '/api/document/auth').at(-1)?.body).toMatchObject({
          total: '1180.00',
        }),
      );
    }
    expect(requestsTo(requests, 'POST', '/api/document/auth')).toHaveLength(3);
  });

  it('refuses an issue date after today', async () => {
    const rendered = renderPage();
    const date = screen.getByLabelText(/Fecha de emisión/);
    await rendered.user.clear(date);
    await rendered.user.type(date, '27112024');
    await rendered.user.tab();
    expect(await screen.findByText('La fecha no puede ser posterior a hoy.')).toBeVisible();
  });

  it('hides the issuer and consults with the configured RUC on a single-issuer portal', async () => {
    const requests = recordRequests();
    const rendered = renderPage({ ruc: '20606433094' });
    expect(screen.queryByLabelText(/RUC del emisor/)).toBeNull();
    await fillProof(rendered, { documento: 'F001-3', fecha: '25112024', total: '1180' });
    await submit(rendered);
    await waitFor(() => expect(rendered.onFound).toHaveBeenCalledOnce());
    expect(requestsTo(requests, 'POST', '/api/document/auth')[0]?.body).toMatchObject({
      emisor: '20606433094',
    });
  });

  it('offers a Spanish calendar, weeks from Sunday, with no day after today', async () => {
    const rendered = renderPage();
    await rendered.user.click(
      screen.getByRole('button', { name: 'Elegir la fecha en un calendario' }),
    );
    // The calendar's code downloads on the first click, which can take a while in a cold run.
    const dialog = await screen.findByRole(
      'dialog',
      { name: /Fecha de emisión/ },
      { timeout: 10_000 },
    );
    const weekdays = within(dialog).getAllByRole('columnheader');
    expect(weekdays[0]).toHaveAccessibleName('domingo');
    expect(weekdays[1]).toHaveAccessibleName('lunes');
    expect(within(dialog).getByRole('gridcell', { name: '27' })).toBeDisabled();
    await expectNoSeriousViolations(dialog);
    await rendered.user.click(within(dialog).getByRole('gridcell', { name: '25' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText(/Fecha de emisión/)).toHaveValue('25/11/2024');
  });

  it('speaks English when asked', () => {
    renderPage({ language: 'en' });
    expect(screen.getByRole('heading', { name: 'Electronic Document Lookup' })).toBeVisible();
    expect(screen.getByLabelText(/Issuer's RUC/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Look up' })).toBeVisible();
  });
});
