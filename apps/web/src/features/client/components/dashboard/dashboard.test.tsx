import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoSeriousViolations } from '../../../../testing/axe';
import { savedDownloads } from '../../../../testing/browser-gaps';
import { shownDate, typeDate } from '../../../../testing/date-field';
import { recordRequests, requestsTo, type RecordedRequest } from '../../../../testing/msw/recorder';
import { server } from '../../../../testing/msw/server';
import { renderWithProviders } from '../../../../testing/render';
import { Dashboard } from './dashboard';

const listRequests = (requests: RecordedRequest[]) =>
  requestsTo(requests, 'GET', '/api/client/documents').map((request) =>
    Object.fromEntries(request.url.searchParams),
  );

const dataRows = () => screen.getAllByRole('row').filter((row) => row.hasAttribute('data-id'));

function renderDashboard() {
  return renderWithProviders(<Dashboard />, { path: '/client' });
}

async function searchNovember(user: ReturnType<typeof renderDashboard>['user']) {
  await typeDate(user, /Fecha inicio/, '01112024');
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
}

describe('Dashboard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2024, 10, 26, 10, 0) });
  });

  it("lists today's documents at first, with the columns an accountant expects", async () => {
    const requests = recordRequests();
    const { container } = renderDashboard();
    expect(shownDate(/Fecha inicio/)).toBe('26/11/2024');
    expect(shownDate(/Fecha fin/)).toBe('26/11/2024');
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    expect(listRequests(requests)[0]).toEqual({
      start: '2024-11-26',
      end: '2024-11-26',
      limit: '25',
      sort: 'fecha',
      dir: 'desc',
    });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent?.trim())).toEqual(
      ['Emisor', 'Tipo', 'Serie', 'Correlativo', 'Fecha emisión', 'Total'],
    );
    const [first, second] = dataRows();
    expect(first).toHaveTextContent('GASPERSOFT EIRL');
    expect(first).toHaveTextContent('20606433094');
    expect(first).toHaveTextContent('FAC');
    expect(first).toHaveTextContent('F001');
    expect(first).toHaveTextContent('26/11/2024');
    expect(first).toHaveTextContent('US$ 100.00');
    expect(second).toHaveTextContent('BOL');
    expect(second).toHaveTextContent('S/ 110.50');
    expect(within(second!).getByText('Anulado')).toBeVisible();
    expect(screen.getByText('1–3 de 3')).toBeVisible();
    await expectNoSeriousViolations(container);
  });

  it('offers the issuers that sent documents, as "ruc - nombre"', async () => {
    const { user } = renderDashboard();
    await user.click(screen.getByRole('combobox', { name: 'Emisor' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Todos',
      '20606433094 - GASPERSOFT EIRL',
      '20100454523 - SOPORTE TECNOLOGICO EIRL',
    ]);
  });

  it('searches with every filter the user set', async () => {
    const requests = recordRequests();
    const { user } = renderDashboard();
    await user.click(screen.getByRole('combobox', { name: 'Emisor' }));
    await user.click(await screen.findByRole('option', { name: /^20606433094/ }));
    await user.click(screen.getByRole('combobox', { name: 'Tipo' }));
    await user.click(await screen.findByRole('option', { name: 'Factura' }));
    await user.type(screen.getByLabelText('Serie'), 'f001');
    await user.type(screen.getByLabelText('Correlativo'), '1000');
    await searchNovember(user);
    await waitFor(() =>
      expect(listRequests(requests).at(-1)).toEqual({
        start: '2024-11-01',
        end: '2024-11-26',
        emisor: '20606433094',
        tipoDoc: '01',
        serie: 'F001',
        correlativo: '1000',
        limit: '25',
        sort: 'fecha',
        dir: 'desc',
      }),
    );
    await waitFor(() => expect(dataRows()).toHaveLength(1));
  });

  it('refuses a range that ends before it starts', async () => {
    const requests = recordRequests();
    const { user } = renderDashboard();
    await waitFor(() => expect(listRequests(requests)).toHaveLength(1));
    await typeDate(user, /Fecha fin/, '01112024');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(
      await screen.findByText('La fecha de inicio no puede ser posterior a la fecha fin.'),
    ).toBeVisible();
    expect(listRequests(requests)).toHaveLength(1);
  });

  it('pages forwards with the server cursor and back to pages already seen', async () => {
    const requests = recordRequests();
    const { user } = renderDashboard();
    await searchNovember(user);
    await waitFor(() => expect(dataRows()).toHaveLength(25));
    expect(screen.getByText('1–25 de más de 25')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    await waitFor(() => expect(listRequests(requests).at(-1)?.cursor).toBe('offset-25'));
    await waitFor(() => expect(screen.getByText('26–50 de más de 50')).toBeVisible(), {
      onTimeout: (e) => {
        console.log(
          'LABEL',
          document.querySelector('.MuiTablePagination-displayedRows')?.textContent,
          dataRows().length,
        );
        return e;
      },
    });
    await user.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    await waitFor(() => expect(screen.getByText('51–60 de 60')).toBeVisible());
    expect(dataRows()).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Ir a la página siguiente' })).toBeDisabled();
    const asked = listRequests(requests).length;
    await user.click(screen.getByRole('button', { name: 'Ir a la página anterior' }));
    await waitFor(() => expect(screen.getByText('26–50 de más de 50')).toBeVisible());
    expect(listRequests(requests)).toHaveLength(asked);
  });

  it('asks the server for bigger pages', async () => {
    const requests = recordRequests();
    const { user } = renderDashboard();
    await searchNovember(user);
    await waitFor(() => expect(dataRows()).toHaveLength(25));
    await user.click(screen.getByRole('combobox', { name: /Filas por página/ }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(dataRows()).toHaveLength(50));
    expect(listRequests(requests).at(-1)).toMatchObject({ limit: '50' });
    expect(listRequests(requests).at(-1)).not.toHaveProperty('cursor');
  });

  it('lets the server sort by total', async () => {
    const requests = recordRequests();
    const { user } = renderDashboard();
    await searchNovember(user);
    await waitFor(() => expect(dataRows()).toHaveLength(25));
    await user.click(screen.getByRole('columnheader', { name: 'Total' }));
    await waitFor(() =>
      expect(listRequests(requests).at(-1)).toMatchObject({ sort: 'total', dir: 'desc' }),
    );
    await waitFor(() => expect(dataRows()[0]).toHaveTextContent('S/ 719.50'));
    await user.click(screen.getByRole('columnheader', { name: 'Total' }));
    await waitFor(() =>
      expect(listRequests(requests).at(-1)).toMatchObject({ sort: 'total', dir: 'asc' }),
    );
  });

  it('asks to select a document before downloading', async () => {
    const { user } = renderDashboard();
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Descargar XML' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Seleccione un comprobante');
    expect(savedDownloads).toHaveLength(0);
  });

  it('downloads the selected document, saying so while it downloads', async () => {
    server.use(
      http.get('/api/client/documents/:id/resource/pdf', async () => {
        await delay(100);
        return new HttpResponse('%PDF', { headers: { 'content-type': 'application/pdf' } });
      }),
    );
    const { user } = renderDashboard();
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    await user.click(within(dataRows()[2]!).getByText('1002'));
    await user.click(screen.getByRole('button', { name: 'Descargar PDF' }));
    expect(screen.getByRole('status')).toHaveTextContent('Descargando PDF');
    await waitFor(() => expect(savedDownloads).toHaveLength(1));
    expect(savedDownloads[0]!.filename).toBe('20606433094-07-F003-1002.pdf');
    expect(savedDownloads[0]!.blob.type).toBe('application/pdf');
    await user.click(screen.getByRole('button', { name: 'Descargar XML' }));
    await waitFor(() => expect(savedDownloads).toHaveLength(2));
    expect(savedDownloads[1]).toMatchObject({ filename: '20606433094-07-F003-1002.xml' });
    expect(savedDownloads[1]!.blob.type).toBe('text/xml');
  });

  it('opens the selected document over the list, and closing keeps the list', async () => {
    const { user } = renderDashboard();
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Ver el comprobante seleccionado' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Seleccione un comprobante');
    await user.click(within(dataRows()[2]!).getByText('1002'));
    await user.click(screen.getByRole('button', { name: 'Ver el comprobante seleccionado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ver el comprobante seleccionado' });
    expect(
      await within(dialog).findByRole('heading', { name: 'NOTA DE CRÉDITO ELECTRÓNICA' }),
    ).toBeVisible();
    expect(within(dialog).getByText('F003-1002')).toBeVisible();
    await expectNoSeriousViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Descargar XML' }));
    await waitFor(() => expect(savedDownloads).toHaveLength(1));
    expect(savedDownloads[0]!.filename).toBe('20606433094-07-F003-1002.xml');
    await user.click(within(dialog).getByRole('button', { name: 'Ver PDF' }));
    const preview = await screen.findByRole('dialog', {
      name: 'Representación impresa · Nota de Crédito F003-1002',
    });
    expect(await within(preview).findByTitle('PDF de Nota de Crédito F003-1002')).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    await user.click(within(preview).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(dataRows()).toHaveLength(3);
  });

  it('says so when a document is no longer there', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get('/api/client/documents/:id/resource/:type', () =>
        HttpResponse.json({ message: 'documento no encontrado' }, { status: 404 }),
      ),
    );
    const { user } = renderDashboard();
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    await user.dblClick(within(dataRows()[0]!).getByText('1000'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('No se encontró el comprobante.')).toBeVisible();
  });

  it('says when the documents cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get('/api/client/documents', () =>
        HttpResponse.json(
          { message: 'Ocurrió un error inesperado. Intente nuevamente.' },
          { status: 500 },
        ),
      ),
    );
    renderDashboard();
    expect(await screen.findByText(/No se pudieron cargar los comprobantes/)).toBeVisible();
  });
});
