import { API_MESSAGES } from '@sufel/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousViolations } from '../../../testing/axe';
import { savedDownloads, setViewportWidth } from '../../../testing/browser-gaps';
import {
  creditNoteDetail,
  dollarBoleta,
  factura,
  facturaDetail,
  voidedCreditNote,
} from '../../../testing/fixtures';
import { recordRequests, requestsTo } from '../../../testing/msw/recorder';
import { server } from '../../../testing/msw/server';
import { renderWithProviders } from '../../../testing/render';
import { consultedProof } from '../session/consulted-proof';
import { documentSession } from '../session/document-session';
import { DocumentView } from './document-view';

function serve(info: JsonBodyType, detail: JsonBodyType = facturaDetail) {
  server.use(
    http.get('/api/document/resource/info', () => HttpResponse.json(info)),
    http.get('/api/document/resource/detail', () => HttpResponse.json(detail)),
  );
}

function renderView() {
  documentSession.save({ expire: Math.floor(Date.now() / 1000) + 3600 });
  const onEnded = vi.fn();
  const rendered = renderWithProviders(<DocumentView onEnded={onEnded} />, { path: '/document' });
  return { ...rendered, onEnded };
}

/** The PDF is gone by the time it is asked for; the answer takes long enough to see the progress. */
function serveMissingPdf() {
  server.use(
    http.get('/api/document/resource/pdf', async () => {
      await delay(100);
      return HttpResponse.json({ message: 'Recurso no encontrado' }, { status: 404 });
    }),
  );
}

const section = (name: string) => screen.getByRole('region', { name });

describe('DocumentView', () => {
  it('shows a spinner, then the document with its header, parties and detail', async () => {
    const { container } = renderView();
    expect(screen.getByRole('progressbar', { name: 'Cargando…' })).toBeVisible();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'FACTURA ELECTRÓNICA' }),
    ).toBeVisible();
    expect(screen.getByText('F001-3')).toBeVisible();
    expect(screen.getByText('GASPERSOFT EIRL')).toBeVisible();
    const documentPart = section('DOCUMENTO');
    expect(within(documentPart).getByText('Factura F001-3')).toBeVisible();
    expect(within(documentPart).getByText('25/11/2024')).toBeVisible();
    expect(within(documentPart).getByText('S/ 1,180.00')).toBeVisible();
    const client = section('CLIENTE');
    expect(within(client).getByText('RUC 20415932376')).toBeVisible();
    expect(within(client).getByText('COCA-COLA SERVICIOS DE PERU S.A')).toBeVisible();

    const lines = await screen.findByRole('table', { name: 'DETALLE' });
    const [header, line] = within(lines).getAllByRole('row');
    expect(within(header!).getAllByRole('columnheader')[0]).toHaveTextContent('Descripción');
    expect(line).toHaveTextContent('SERVICIO DESARROLLO SOFTWARE');
    expect(line).toHaveTextContent('S/ 1,000.00');
    expect(within(section('IMPUESTOS')).getByText('IGV')).toBeVisible();
    expect(within(section('TOTALES')).getByText('Importe total')).toBeVisible();
    expect(within(section('PAGO')).getByText('Contado')).toBeVisible();
    expect(within(section('PAGO')).getByText('12 % · S/ 123.00')).toBeVisible();
    expect(
      within(section('OBSERVACIONES')).getByText('Operación sujeta a detracción'),
    ).toBeVisible();
    expect(within(section('RESPUESTA DE SUNAT')).getByText(/ha sido aceptada/)).toBeVisible();
    expect(screen.queryByText('(Anulado)')).toBeNull();
    await expectNoSeriousViolations(container);
  });

  it('names each tax in words, with the code the document prints', async () => {
    serve(factura, {
      ...facturaDetail,
      taxes: [
        { code: '9997', name: 'EXO', taxableAmount: '500.00', amount: '0.00' },
        { code: '9996', name: 'GRA', taxableAmount: '20.00', amount: '0.00' },
        { code: '9998', name: 'INA', taxableAmount: '10.00', amount: '0.00' },
        { code: '1234', name: 'RARO', taxableAmount: null, amount: '1.00' },
      ],
    });
    renderView();
    const taxes = await screen.findByRole('region', { name: 'IMPUESTOS' });
    for (const name of ['Exonerado (EXO)', 'Gratuito (GRA)', 'Inafecto (INA)', 'RARO']) {
      expect(within(taxes).getByText(name)).toBeVisible();
    }
  });

  it('moves focus to the title of the document once it shows', async () => {
    renderView();
    const title = await screen.findByRole('heading', { level: 1, name: 'FACTURA ELECTRÓNICA' });
    await waitFor(() => expect(title).toHaveFocus());
    expect(screen.getByRole('article', { name: 'FACTURA ELECTRÓNICA F001-3' })).toBeVisible();
  });

  it('shows the series-number as the issuer printed it, zeros included', async () => {
    serve({ ...dollarBoleta, correlativo_impreso: '00344' }, { ...facturaDetail, currency: 'USD' });
    renderView();
    await screen.findByRole('heading', { name: 'BOLETA DE VENTA ELECTRÓNICA' });
    expect(screen.getByText('BB99-00344')).toBeVisible();
    expect(within(section('DOCUMENTO')).getByText('Boleta BB99-00344')).toBeVisible();
    expect(await within(section('DETALLE')).findAllByText(/UNIDAD/)).not.toHaveLength(0);
  });

  it("puts SUNAT's answer at the top and says who signed the XML", async () => {
    serve(factura);
    renderView();
    const article = await screen.findByRole('article');
    const status = await within(article).findByText('Aceptado por SUNAT');
    const signature = within(article).getByRole('region', { name: 'FIRMA DIGITAL' });
    expect(
      status.compareDocumentPosition(signature) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(signature).toHaveTextContent(
      /firmado por NOMBRE REPRESENTANTE LEGAL \(RUC 20606433094\)/,
    );
  });

  it('flags an altered XML and a voided document', async () => {
    serve(voidedCreditNote, creditNoteDetail);
    renderView();
    const article = await screen.findByRole('article');
    expect(await within(article).findByText('XML alterado: no use estos importes')).toBeVisible();
    expect(within(article).getByText('(Anulado)')).toBeVisible();
    expect(within(article).getByRole('region', { name: 'FIRMA DIGITAL' })).toHaveTextContent(
      'El XML fue modificado después de firmarse',
    );
  });

  it('sends the reader to SUNAT’s own check when no constancia vouches for the document', async () => {
    serve(dollarBoleta, { ...facturaDetail, currency: 'USD', sunat: null });
    renderView();
    const article = await screen.findByRole('article');
    expect(await within(article).findByText('Sin constancia de SUNAT')).toBeVisible();
    const link = within(article).getByRole('link', { name: /^Consultar en SUNAT/ });
    expect(link).toHaveAttribute(
      'href',
      'https://e-consultaruc.sunat.gob.pe/cl-ti-itconsvalicpe/ConsultaValidezCpe.htm',
    );
    expect(link.closest('[role="note"]')).toHaveTextContent(
      'Verifique en SUNAT que el comprobante figure como aceptado con el RUC, serie, número, fecha y total de este documento.',
    );
  });

  it('never shows a CDR of another document as SUNAT’s acceptance of this one', async () => {
    serve({ ...factura, estado: 'cdr_de_otro' });
    renderView();
    const article = await screen.findByRole('article');
    expect(
      await within(article).findByText('Constancia de SUNAT de otro comprobante'),
    ).toBeVisible();
    expect(within(article).queryByText('Aceptado por SUNAT')).toBeNull();
    expect(within(article).getByRole('link', { name: /^Consultar en SUNAT/ })).toBeVisible();
  });

  it('marks a voided note in red and names the document it modifies', async () => {
    serve(voidedCreditNote, creditNoteDetail);
    renderView();
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title).toHaveTextContent('NOTA DE CRÉDITO ELECTRÓNICA(Anulado)');
    expect(getComputedStyle(within(title).getByText('(Anulado)')).color).toBe('rgb(211, 47, 47)');
    const reference = await screen.findByRole('region', { name: 'DOCUMENTO QUE MODIFICA' });
    expect(within(reference).getByText('Factura F001-4355')).toBeVisible();
    expect(within(reference).getByText(/Unidades defectuosas/)).toBeVisible();
  });

  it("prints amounts in the document's currency", async () => {
    serve(dollarBoleta, { ...facturaDetail, currency: 'USD' });
    renderView();
    await screen.findByRole('heading', { name: 'BOLETA DE VENTA ELECTRÓNICA' });
    expect(within(section('DOCUMENTO')).getByText('US$ 1,000.00')).toBeVisible();
    expect(within(section('CLIENTE')).getByText('DNI 07976340')).toBeVisible();
    expect(await screen.findAllByText('US$ 1,180.00')).not.toHaveLength(0);
  });

  it('downloads the XML, PDF and CDR under the document name, typed as served', async () => {
    const { user } = renderView();
    await screen.findByRole('heading', { name: 'FACTURA ELECTRÓNICA' });
    for (const [label, type] of [
      ['XML', 'text/xml'],
      ['PDF', 'application/pdf'],
      ['CDR', 'application/zip'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: `Descargar ${label}` }));
      await waitFor(() => expect(savedDownloads.at(-1)?.blob.type).toBe(type));
    }
    expect(savedDownloads.map((download) => download.filename)).toEqual([
      '20606433094-01-F001-3.xml',
      '20606433094-01-F001-3.pdf',
      'R-20606433094-01-F001-3.zip',
    ]);
  });

  it('shows the PDF inside the page, to open in a tab or save, and lets it go on close', async () => {
    const requests = recordRequests();
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const { user } = renderView();
    await screen.findByRole('heading', { name: 'FACTURA ELECTRÓNICA' });
    await user.click(screen.getByRole('button', { name: 'Ver PDF' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Representación impresa · Factura F001-3',
    });
    const frame = await within(dialog).findByTitle('PDF de Factura F001-3');
    const url = frame.getAttribute('src')!;
    expect(url).toMatch(/^blob:/);
    expect(requestsTo(requests, 'GET', '/api/document/resource/pdf')).toHaveLength(1);
    expect(within(dialog).getByRole('link', { name: 'Abrir en otra pestaña' })).toHaveAttribute(
      'href',
      url,
    );
    const save = within(dialog).getByRole('link', { name: 'Descargar' });
    expect(save).toHaveAttribute('download', '20606433094-01-F001-3.pdf');
    // jsdom does not follow links; a click on the element is how the patched page saves a file.
    save.click();
    expect(savedDownloads.map((download) => download.filename)).toEqual([
      '20606433094-01-F001-3.pdf',
    ]);
    expect(savedDownloads[0]!.blob.type).toBe('application/pdf');
    await expectNoSeriousViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(revoke).toHaveBeenCalledWith(url);
  });

  it('shows the first page as an image on Android, where a PDF frame stays blank', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    );
    // jsdom has no canvas, so pdf.js cannot draw here: the dialog says so instead of going blank.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = renderView();
    await screen.findByRole('heading', { name: 'FACTURA ELECTRÓNICA' });
    await user.click(screen.getByRole('button', { name: 'Ver PDF' }));
    const dialog = await screen.findByRole('dialog');
    const download = await within(dialog).findByRole('link', { name: 'Descargar' });
    expect(download).toHaveAttribute('download', '20606433094-01-F001-3.pdf');
    expect(dialog.querySelector('iframe')).toBeNull();
    expect(within(dialog).queryByRole('link', { name: 'Abrir en otra pestaña' })).toBeNull();
    expect(
      await within(dialog).findByText(
        'Este navegador no puede mostrar el PDF aquí. Descárguelo para verlo.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeVisible();
  });

  it('says why the PDF cannot be shown', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveMissingPdf();
    const { user } = renderView();
    await screen.findByRole('heading', { name: 'FACTURA ELECTRÓNICA' });
    await user.click(screen.getByRole('button', { name: 'Ver PDF' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('progressbar', { name: 'Cargando el PDF…' })).toBeVisible();
    expect(await within(dialog).findByText('Recurso no encontrado')).toBeVisible();
    expect(within(dialog).queryByRole('link', { name: 'Descargar' })).toBeNull();
  });

  it('shows why a PDF over its render budget is unavailable, with the XML still downloadable', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get('/api/document/resource/pdf', () =>
        HttpResponse.json(
          { message: API_MESSAGES.pdfUnavailable },
          { status: 503, headers: { 'retry-after': '3600' } },
        ),
      ),
    );
    const { user } = renderView();
    await screen.findByRole('heading', { name: 'FACTURA ELECTRÓNICA' });
    await user.click(screen.getByRole('button', { name: 'Ver PDF' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(API_MESSAGES.pdfUnavailable)).toBeVisible();
    expect(within(dialog).queryByTitle('PDF de Factura F001-3')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Descargar XML' }));
    await waitFor(() =>
      expect(savedDownloads.map((download) => download.filename)).toEqual([
        '20606433094-01-F001-3.xml',
      ]),
    );
    await expectNoSeriousViolations(dialog);
  });

  it('offers no CDR when SUNAT did not answer', async () => {
    serve({ ...factura, cdr: false });
    renderView();
    await screen.findByRole('heading', { name: 'FACTURA ELECTRÓNICA' });
    expect(screen.getByRole('button', { name: 'Descargar PDF' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Descargar CDR' })).toBeNull();
  });

  it('says it is downloading, then reports a failed download', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveMissingPdf();
    const { user } = renderView();
    await screen.findByRole('heading', { name: 'FACTURA ELECTRÓNICA' });
    const pdf = screen.getByRole('button', { name: 'Descargar PDF' });
    pdf.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Descargando PDF');
    // Unavailable while it downloads, yet never disabled, so the keyboard's focus stays on it.
    expect(pdf).toHaveAttribute('aria-disabled', 'true');
    expect(pdf).toBeEnabled();
    expect(pdf).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Recurso no encontrado');
    expect(pdf).toHaveAttribute('aria-disabled', 'false');
    expect(savedDownloads).toHaveLength(0);
  });

  it('ends the consultation with "Nueva consulta", above the document, for an empty form', async () => {
    consultedProof.save({
      emisor: '20606433094',
      tipo: '01',
      documento: 'F001-3',
      fecha: '2024-11-25',
      total: '1180',
    });
    const requests = recordRequests();
    const { user, onEnded } = renderView();
    const heading = await screen.findByRole('heading', { name: 'FACTURA ELECTRÓNICA' });
    const newConsultation = screen.getByRole('button', { name: 'Nueva consulta' });
    // In the page's flow, before the document: it never floats over amounts or the footer.
    expect(newConsultation.compareDocumentPosition(heading)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(getComputedStyle(newConsultation).position).not.toBe('fixed');
    await user.click(newConsultation);
    await waitFor(() => expect(onEnded).toHaveBeenCalledOnce());
    expect(requestsTo(requests, 'POST', '/api/document/logout')).toHaveLength(1);
    expect(documentSession.read()).toBeNull();
    expect(consultedProof.read()).toBeNull();
  });

  it('ends the consultation when the document cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get('/api/document/resource/info', () => new HttpResponse(null, { status: 500 })),
    );
    const requests = recordRequests();
    const { onEnded } = renderView();
    await waitFor(() => expect(onEnded).toHaveBeenCalledOnce());
    expect(requestsTo(requests, 'POST', '/api/document/logout')).toHaveLength(1);
    expect(documentSession.read()).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'No se pudo cargar el comprobante. Vuelva a consultar.',
    );
  });

  it('still shows the header when the detail cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get('/api/document/resource/detail', () => new HttpResponse(null, { status: 500 })),
    );
    renderView();
    expect(await screen.findByText('No se pudo leer el detalle del comprobante.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'FACTURA ELECTRÓNICA' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Descargar XML' })).toBeVisible();
  });

  it('lists the lines as cards on a phone, description first', async () => {
    setViewportWidth(390);
    serve(voidedCreditNote, creditNoteDetail);
    renderView();
    const lines = await screen.findByRole('region', { name: 'DETALLE' });
    expect(within(lines).queryByRole('table')).toBeNull();
    const [card] = within(lines).getAllByRole('listitem');
    expect(card!.firstElementChild).toHaveTextContent('Grabadora LG Externo Modelo: GE20LU10');
    expect(within(card!).getByText('2,000 UNIDAD')).toBeVisible();
    expect(within(card!).getByText('S/ 166,100.00')).toBeVisible();
  });
});
