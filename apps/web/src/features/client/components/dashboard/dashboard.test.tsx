import { configure, getConfig, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoSeriousViolations } from '../../../../testing/axe';
import { savedDownloads, setViewportWidth } from '../../../../testing/browser-gaps';
import { shownDate, typeDate } from '../../../../testing/date-field';
import { documentsPage } from '../../../../testing/msw/handlers';
import { recordRequests, requestsTo, type RecordedRequest } from '../../../../testing/msw/recorder';
import { server } from '../../../../testing/msw/server';
import { renderWithProviders } from '../../../../testing/render';
import { Dashboard } from './dashboard';

const listRequests = (requests: RecordedRequest[]) =>
  requestsTo(requests, 'GET', '/api/client/documents').map((request) =>
    Object.fromEntries(request.url.searchParams),
  );

const dataRows = () => screen.getAllByRole('row').filter((row) => row.hasAttribute('data-id'));

/** The machine running tests can be slow: the first page comes after two requests. */
const waitForRows = (count: number) =>
  waitFor(() => expect(dataRows()).toHaveLength(count), { timeout: 30_000 });

function renderDashboard(path = '/client') {
  return renderWithProviders(<Dashboard />, { path, browserHistory: true });
}

const openDialog = () => screen.getByRole('dialog');
const dialogName = () => openDialog().getAttribute('aria-labelledby')!;
const shownDocument = () =>
  dialogName()
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

async function searchNovember(user: ReturnType<typeof renderDashboard>['user']) {
  await typeDate(user, /Fecha inicio/, '01112024');
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
}

// A full grid page renders slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

describe('Dashboard', () => {
  const { asyncUtilTimeout } = getConfig();
  beforeAll(() => configure({ asyncUtilTimeout: 30_000 }));
  afterAll(() => configure({ asyncUtilTimeout }));
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2024, 10, 26, 10, 0) });
    sessionStorage.clear();
  });

  it('opens on the month of the latest document, says when it is from and keeps the range in the address', async () => {
    vi.setSystemTime(new Date(2025, 1, 10, 10, 0));
    const requests = recordRequests();
    const { container, currentPath } = renderDashboard();
    expect(await screen.findByText('Su comprobante más reciente es del 26/11/2024.')).toBeVisible();
    await waitForRows(25);
    expect(listRequests(requests)).toEqual([
      { start: '2024-11-01', end: '2024-11-30', limit: '25', sort: 'fecha', dir: 'desc' },
    ]);
    expect(currentPath()).toBe('/client?desde=2024-11-01&hasta=2024-11-30');
    expect(shownDate(/Fecha inicio/)).toBe('01/11/2024');
    expect(shownDate(/Fecha fin/)).toBe('30/11/2024');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent?.trim())).toEqual(
      // First the box that chooses every row of the page.
      ['', 'Fecha emisión', 'Tipo', 'Serie-número', 'Emisor', 'Total', 'Estado', 'Acciones'],
    );
    const [first, second] = dataRows();
    expect(first).toHaveTextContent('26/11/2024');
    expect(first).toHaveTextContent('Factura');
    expect(first).toHaveTextContent('F001-1000');
    expect(first).toHaveTextContent('GASPERSOFT EIRL');
    expect(first).toHaveTextContent('US$ 100.00');
    expect(within(first!).getByText('Aceptado por SUNAT')).toBeVisible();
    expect(second).toHaveTextContent('Boleta');
    expect(within(second!).getByText('Anulado')).toBeVisible();
    // A voided document's amount is struck through: it no longer counts.
    expect(within(second!).getByText('S/ 110.50').tagName).toBe('DEL');
    expect(within(first!).getByText('US$ 100.00').tagName).not.toBe('DEL');
    const altered = dataRows().find((row) => row.textContent?.includes('F001-1003'))!;
    expect(within(altered).getByText('XML alterado: no use estos importes')).toBeVisible();
    const otherCdr = dataRows().find((row) => row.textContent?.includes('B003-1005'))!;
    expect(within(otherCdr).getByText('Constancia de SUNAT de otro comprobante')).toBeVisible();
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(screen.getByText('1–25 de 60')).toBeVisible();
    await expectNoSeriousViolations(container);
  });

  it('reads the list from the address, as a reload or the back button leaves it', async () => {
    const requests = recordRequests();
    renderDashboard('/client?desde=2024-11-20&hasta=2024-11-21&orden=total&dir=asc&filas=50');
    await waitForRows(6);
    expect(listRequests(requests)).toEqual([
      { start: '2024-11-20', end: '2024-11-21', limit: '50', sort: 'total', dir: 'asc' },
    ]);
    expect(shownDate(/Fecha inicio/)).toBe('20/11/2024');
    expect(screen.getByText('1–6 de 6')).toBeVisible();
  });

  it('returns to the list last shown when it comes back from another screen', async () => {
    const first = renderDashboard('/client?desde=2024-11-20&hasta=2024-11-21');
    await waitForRows(6);
    first.unmount();
    const requests = recordRequests();
    const { currentPath } = renderDashboard();
    await waitForRows(6);
    expect(currentPath()).toBe('/client?desde=2024-11-20&hasta=2024-11-21');
    expect(listRequests(requests)).toHaveLength(1);
  });

  it('offers quick ranges that search at once', async () => {
    const requests = recordRequests();
    const { user, currentPath } = renderDashboard();
    await waitForRows(25);
    // The filter is drawn anew for every list, so each click looks the buttons up again.
    const quick = () => screen.getByRole('group', { name: 'Rangos rápidos' });
    await user.click(within(quick()).getByRole('button', { name: 'Mes anterior' }));
    await waitFor(() =>
      expect(listRequests(requests).at(-1)).toMatchObject({
        start: '2024-10-01',
        end: '2024-10-31',
      }),
    );
    expect(
      await screen.findByText('No se encontraron comprobantes del 01/10/2024 al 31/10/2024.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Limpiar filtros' })).toBeNull();
    await user.click(within(quick()).getByRole('button', { name: 'Últimos 90 días' }));
    await waitFor(() =>
      expect(listRequests(requests).at(-1)).toMatchObject({
        start: '2024-08-29',
        end: '2024-11-26',
      }),
    );
    // This month is the list it opened on: its first page comes from the cache.
    await user.click(within(quick()).getByRole('button', { name: 'Este mes' }));
    await waitFor(() => expect(currentPath()).toBe('/client?desde=2024-11-01&hasta=2024-11-26'));
    await waitForRows(25);
  });

  it('offers the issuers that sent documents, and types by their full names', async () => {
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('combobox', { name: 'Emisor' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Todos',
      '20606433094 - GASPERSOFT EIRL',
      '20100454523 - SOPORTE TECNOLOGICO EIRL',
    ]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Tipo' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Todos',
      'Factura',
      'Boleta',
      'Nota de Crédito',
      'Nota de Débito',
      'Comprobante de Retención',
      'Comprobante de Percepción',
    ]);
  });

  it('searches with every filter the user set', async () => {
    const requests = recordRequests();
    const { user, currentPath } = renderDashboard();
    await user.click(await screen.findByRole('combobox', { name: 'Emisor' }));
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
    await waitForRows(1);
    expect(currentPath()).toBe(
      '/client?desde=2024-11-01&hasta=2024-11-26&emisor=20606433094&tipo=01&serie=F001&numero=1000',
    );
  });

  it('refuses a range that ends before it starts, and hides the results of the earlier one', async () => {
    const requests = recordRequests();
    const { user } = renderDashboard();
    await waitForRows(25);
    await typeDate(user, /Fecha fin/, '01102024');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(
      await screen.findByText('La fecha de inicio no puede ser posterior a la fecha fin.'),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Corrija las fechas y busque de nuevo: la fecha de inicio no puede ser posterior a la fecha fin.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.queryByRole('button', { name: /Exportar/ })).toBeNull();
    expect(listRequests(requests)).toHaveLength(1);
  });

  it('names the filters of an empty list and clears them, keeping the range', async () => {
    const requests = recordRequests();
    const { user, currentPath } = renderDashboard();
    await waitForRows(25);
    await user.click(screen.getByRole('combobox', { name: 'Tipo' }));
    await user.click(await screen.findByRole('option', { name: 'Factura' }));
    await user.type(screen.getByLabelText('Serie'), 'f999');
    await searchNovember(user);
    expect(
      await screen.findByText(
        'No se encontraron comprobantes del 01/11/2024 al 26/11/2024 con estos filtros:',
      ),
    ).toBeVisible();
    const active = screen.getByRole('list', { name: 'Filtros activos' });
    expect(
      within(active)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Tipo: Factura', 'Serie: F999']);
    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    await waitForRows(25);
    // The range alone was the list it opened on: its page comes from the cache.
    expect(currentPath()).toBe('/client?desde=2024-11-01&hasta=2024-11-26');
    expect(screen.getByLabelText('Serie')).toHaveValue('');
    expect(listRequests(requests).at(-1)).toMatchObject({ tipoDoc: '01', serie: 'F999' });
  });

  it('pages forwards with the server cursor, counts them all, and goes back to pages seen', async () => {
    const requests = recordRequests();
    const { user, currentPath } = renderDashboard();
    await waitForRows(25);
    expect(screen.getByText('1–25 de 60')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    await waitFor(() => expect(screen.getByText('26–50 de 60')).toBeVisible());
    expect(listRequests(requests).at(-1)?.cursor).toBe('offset-25');
    expect(currentPath()).toContain('pagina=2&cursor=offset-25');
    await user.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    await waitFor(() => expect(screen.getByText('51–60 de 60')).toBeVisible());
    // The count is painted before the grid swaps its rows.
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    expect(screen.getByRole('button', { name: 'Ir a la página siguiente' })).toBeDisabled();
    const asked = listRequests(requests).length;
    await user.click(screen.getByRole('button', { name: 'Ir a la página anterior' }));
    await waitFor(() => expect(screen.getByText('26–50 de 60')).toBeVisible());
    expect(listRequests(requests)).toHaveLength(asked);
  });

  it('asks the server for bigger pages', async () => {
    const requests = recordRequests();
    const { user } = renderDashboard();
    await waitForRows(25);
    await user.click(screen.getByRole('combobox', { name: /Filas por página/ }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    await waitForRows(50);
    expect(listRequests(requests).at(-1)).toMatchObject({ limit: '50' });
    expect(listRequests(requests).at(-1)).not.toHaveProperty('cursor');
  });

  it('lets the server sort by date, type, series-number, issuer and total', async () => {
    const requests = recordRequests();
    const { user, currentPath } = renderDashboard();
    await waitForRows(25);
    for (const [header, sort] of [
      ['Tipo', 'tipo'],
      ['Serie-número', 'numero'],
      ['Emisor', 'emisor'],
      ['Total', 'total'],
    ] as const) {
      await user.click(screen.getByRole('columnheader', { name: header }));
      await waitFor(() =>
        expect(listRequests(requests).at(-1)).toMatchObject({ sort, dir: 'desc' }),
      );
    }
    await waitFor(() => expect(dataRows()[0]).toHaveTextContent('S/ 719.50'));
    await user.click(screen.getByRole('columnheader', { name: 'Total' }));
    await waitFor(() =>
      expect(listRequests(requests).at(-1)).toMatchObject({ sort: 'total', dir: 'asc' }),
    );
    // Back to the default order, whose first page is still cached: only the address changes.
    await user.click(screen.getByRole('columnheader', { name: 'Fecha emisión' }));
    await waitFor(() => expect(currentPath()).toBe('/client?desde=2024-11-01&hasta=2024-11-26'));
    await waitFor(() => expect(dataRows()[0]).toHaveTextContent('F001-1000'));
  });

  it('downloads from a row without selecting it, saying so while it downloads', async () => {
    // The PDF is answered only once the page said it is downloading, however slow the machine.
    let release: () => void = () => undefined;
    const seen = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/client/documents/:id/resource/pdf', async () => {
        await seen;
        return new HttpResponse('%PDF', { headers: { 'content-type': 'application/pdf' } });
      }),
    );
    const { user } = renderDashboard();
    await waitForRows(25);
    const files = () =>
      screen.getByRole('button', { name: 'Descargar archivos de Nota de Crédito F003-1002' });
    await user.click(files());
    await user.click(
      await screen.findByRole('menuitem', { name: 'Descargar PDF de Nota de Crédito F003-1002' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Descargando PDF');
    release();
    await waitFor(() => expect(savedDownloads).toHaveLength(1));
    expect(savedDownloads[0]!.filename).toBe('20606433094-07-F003-1002.pdf');
    // The row's downloads wait while one is under way, and come back once it is saved.
    await waitFor(() => expect(files()).toBeEnabled());
    await user.click(files());
    await user.click(
      await screen.findByRole('menuitem', { name: 'Descargar XML de Nota de Crédito F003-1002' }),
    );
    await waitFor(() => expect(savedDownloads).toHaveLength(2));
    expect(savedDownloads[1]).toMatchObject({ filename: '20606433094-07-F003-1002.xml' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens a document with one click or Enter, and closing keeps the list', async () => {
    const { user } = renderDashboard();
    await waitForRows(25);
    await user.click(within(dataRows()[2]!).getByText('F003-1002'));
    const dialog = await screen.findByRole('dialog', {
      name: 'NOTA DE CRÉDITO ELECTRÓNICA F003-1002',
    });
    expect(
      within(dialog).getByRole('heading', { name: 'NOTA DE CRÉDITO ELECTRÓNICA' }),
    ).toBeVisible();
    expect(within(dialog).getByText('F003-1002')).toBeVisible();
    await expectNoSeriousViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(dataRows()).toHaveLength(25);

    within(dataRows()[0]!)
      .getByText('F001-1000')
      .closest<HTMLElement>('[role="gridcell"]')!
      .focus();
    await user.keyboard('{Enter}');
    expect(
      await screen.findByRole('dialog', { name: 'FACTURA ELECTRÓNICA F001-1000' }),
    ).toBeVisible();
  });

  it('gives an open document its own address: Back closes it, a reload opens it again', async () => {
    const list = '/client?desde=2024-11-01&hasta=2024-11-30';
    const first = renderDashboard(list);
    await waitForRows(25);
    await first.user.click(within(dataRows()[2]!).getByText('F003-1002'));
    await screen.findByRole('dialog', { name: 'NOTA DE CRÉDITO ELECTRÓNICA F003-1002' });
    const opened = first.currentPath();
    expect(opened).toMatch(/^\/client\/documents\/\d+\?desde=2024-11-01&hasta=2024-11-30$/);
    window.history.back();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(first.currentPath()).toBe(list);
    expect(dataRows()).toHaveLength(25);
    first.unmount();

    const reloaded = renderDashboard(opened);
    const dialog = await screen.findByRole('dialog', {
      name: 'NOTA DE CRÉDITO ELECTRÓNICA F003-1002',
    });
    // Opened by the address, not from this list: closing shows the list it names.
    await reloaded.user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitForRows(25);
    expect(reloaded.currentPath()).toBe(list);
  });

  it('moves to the previous and next document of the list, by button and arrow key, across pages', async () => {
    const { user, currentPath } = renderDashboard('/client?desde=2024-11-01&hasta=2024-11-30');
    await waitForRows(25);
    const names = dataRows().map((row) => row.querySelector('[data-field="numero"]')!.textContent);
    await user.click(within(dataRows()[23]!).getByText(names[23]!));
    await screen.findByRole('dialog', { name: new RegExp(`${names[23]}$`) });
    const next = () => within(openDialog()).getByRole('button', { name: 'Siguiente' });
    const previous = () => within(openDialog()).getByRole('button', { name: 'Anterior' });
    await user.click(next());
    await waitFor(() => expect(shownDocument()).toMatch(new RegExp(`${names[24]}$`)));
    expect(currentPath()).not.toContain('pagina=');
    // The last of the page: the next one is the first of page 2, read by the list's cursor.
    await user.click(next());
    await waitFor(() => expect(currentPath()).toContain('pagina=2&cursor=offset-25'));
    await waitFor(() => expect(shownDocument()).not.toMatch(new RegExp(`${names[24]}$`)));
    expect(screen.getByText('26–50 de 60')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(shownDocument()).toMatch(new RegExp(`${names[24]}$`)));
    expect(currentPath()).not.toContain('pagina=');
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(shownDocument()).toMatch(new RegExp(`${names[23]}$`)));
    expect(previous()).toBeEnabled();
    // Moving replaced the entry: Back returns to the list it was opened from.
    window.history.back();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentPath()).toBe('/client?desde=2024-11-01&hasta=2024-11-30');
  });

  it('opens the document of an older notice link at its own address', async () => {
    const { currentPath } = renderDashboard('/client?documento=102&ruc=20415932376');
    expect(await screen.findByRole('dialog', { name: /ELECTRÓNICA/ })).toBeVisible();
    await waitFor(() =>
      expect(currentPath()).toBe('/client/documents/102?desde=2024-11-01&hasta=2024-11-26'),
    );
  });

  it('says the count and the totals per currency of the whole filter, asked apart from its pages', async () => {
    const requests = recordRequests();
    server.use(
      http.get('/api/client/documents/totals', () =>
        HttpResponse.json({
          comprobantes: 128,
          anulados: 2,
          monedas: [
            { moneda: 'PEN', monto: '45300.00', comprobantes: 100 },
            { moneda: 'USD', monto: '655555555.55', comprobantes: 26 },
          ],
        }),
      ),
    );
    renderDashboard('/client?desde=2024-11-01&hasta=2024-11-30&tipo=01');
    const totals = await screen.findByRole('group', { name: 'Totales del período' });
    expect(
      await within(totals).findByText('128 comprobantes · S/ 45,300.00 · US$ 655,555,555.55'),
    ).toBeVisible();
    expect(
      within(totals).getByText(
        'Los importes no suman 2 comprobantes anulados. Las notas de crédito restan.',
      ),
    ).toBeVisible();
    const asked = requestsTo(requests, 'GET', '/api/client/documents/totals').map((request) =>
      Object.fromEntries(request.url.searchParams),
    );
    expect(asked).toEqual([{ start: '2024-11-01', end: '2024-11-30', tipoDoc: '01' }]);
  });

  it('downloads the documents chosen in the grid, across its pages, as one ZIP', async () => {
    const requests = recordRequests();
    server.use(
      http.get(
        '/api/client/documents/export',
        () =>
          new HttpResponse('zip', {
            headers: {
              'content-type': 'application/zip',
              'content-disposition': `attachment; filename="comprobantes-20415932376-seleccion.zip"`,
            },
          }),
      ),
    );
    const { user } = renderDashboard('/client?desde=2024-11-01&hasta=2024-11-30');
    await waitForRows(25);
    await user.click(within(dataRows()[0]!).getByRole('checkbox', { name: /Seleccionar|Select/ }));
    await user.click(within(dataRows()[2]!).getByRole('checkbox'));
    // Choosing is not opening.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('2 comprobantes seleccionados')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    await waitFor(() => expect(screen.getByText('26–50 de 60')).toBeVisible());
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar todo en la página' }));
    expect(await screen.findByText('27 comprobantes seleccionados')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Descargar ZIP' }));
    await waitFor(() => expect(savedDownloads).toHaveLength(1));
    expect(savedDownloads[0]!.filename).toBe('comprobantes-20415932376-seleccion.zip');
    const [asked] = requestsTo(requests, 'GET', '/api/client/documents/export');
    const ids = asked!.url.searchParams.get('ids')!.split(',').map(Number);
    expect(asked!.url.searchParams.get('format')).toBe('zip');
    expect(ids).toHaveLength(27);
    expect(ids).toEqual(expect.arrayContaining([100, 102, 125, 149]));
    await user.click(screen.getByRole('button', { name: 'Quitar selección' }));
    expect(screen.queryByText(/seleccionados/)).toBeNull();
  });

  it('puts documents first on phones: filters fold into a dialog and show as chips, the list sorts, each card downloads', async () => {
    setViewportWidth(390);
    const { user, currentPath } = renderDashboard(
      '/client?desde=2024-11-01&hasta=2024-11-30&tipo=01&serie=F001',
    );
    await screen.findAllByRole('button', { name: /^Factura/ }, { timeout: 30_000 });
    expect(screen.queryByRole('button', { name: 'Buscar' })).toBeNull();
    const current = screen.getByRole('list', { name: 'Búsqueda actual' });
    expect(
      within(current)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Período: 01/11/2024 – 30/11/2024', 'Tipo: Factura', 'Serie: F001']);
    await user.click(within(current).getByRole('button', { name: 'Quitar Serie: F001' }));
    await waitFor(() =>
      expect(currentPath()).toBe('/client?desde=2024-11-01&hasta=2024-11-30&tipo=01'),
    );

    await user.click(screen.getByRole('button', { name: 'Filtros (1)' }));
    const filters = await screen.findByRole('dialog', { name: 'Buscar comprobantes' });
    await user.type(within(filters).getByLabelText('Serie'), 'f002');
    await user.click(within(filters).getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentPath()).toBe('/client?desde=2024-11-01&hasta=2024-11-30&tipo=01&serie=F002');

    await user.click(screen.getByRole('combobox', { name: 'Ordenar por' }));
    await user.click(await screen.findByRole('option', { name: 'Total: mayor primero' }));
    await waitFor(() => expect(currentPath()).toContain('orden=total&dir=desc'));

    const [card] = await screen.findAllByRole('button', { name: /^Factura F002-/ });
    const name = /^Factura F002-\d+/.exec(card!.textContent ?? '')![0];
    await user.click(screen.getByRole('button', { name: `Descargar PDF de ${name}` }));
    await waitFor(() => expect(savedDownloads).toHaveLength(1));
    expect(savedDownloads[0]!.filename).toMatch(/-01-F002-\d+\.pdf$/);
    await user.click(screen.getByRole('checkbox', { name: `Seleccionar ${name}` }));
    expect(await screen.findByText('1 comprobante seleccionado')).toBeVisible();
  });

  it('shows one card per document on phones, with nothing to scroll sideways', async () => {
    setViewportWidth(390);
    const { user, container } = renderDashboard();
    const cards = await screen.findAllByRole(
      'button',
      { name: /^(Factura|Boleta|Nota)/ },
      { timeout: 30_000 },
    );
    expect(cards).toHaveLength(25);
    expect(screen.queryByRole('grid')).toBeNull();
    expect(cards[0]).toHaveTextContent('Factura F001-1000');
    expect(cards[0]).toHaveTextContent('GASPERSOFT EIRL');
    expect(cards[0]).toHaveTextContent('26/11/2024');
    expect(cards[0]).toHaveTextContent('US$ 100.00');
    expect(within(cards[0]!).getByText('Aceptado por SUNAT')).toBeVisible();
    expect(within(cards[1]!).getByText('Anulado')).toBeVisible();
    expect(within(cards[1]!).getByText('S/ 110.50').tagName).toBe('DEL');
    const alteredCard = cards.find((card) => card.textContent?.includes('F001-1003'))!;
    expect(within(alteredCard).getByText('XML alterado: no use estos importes')).toBeVisible();
    const otherCdrCard = cards.find((card) => card.textContent?.includes('B003-1005'))!;
    expect(within(otherCdrCard).getByText('Constancia de SUNAT de otro comprobante')).toBeVisible();
    expect(screen.getByText('1–25 de 60')).toBeVisible();
    await expectNoSeriousViolations(container);
    await user.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    await waitFor(() => expect(screen.getByText('26–50 de 60')).toBeVisible());
    await user.click(screen.getAllByRole('button', { name: /^(Factura|Boleta|Nota)/ })[0]!);
    expect(
      await screen.findByRole('dialog', { name: /ELECTRÓNICA [A-Z0-9]{4}-\d+$/ }),
    ).toBeVisible();
  });

  it.each([
    ['desktop', 1280],
    ['phone', 390],
  ])(
    'says "more than" the count when more documents match than a page counts (%s), and pages on',
    async (_, width) => {
      setViewportWidth(width);
      server.use(
        http.get('/api/client/documents', ({ request }) =>
          HttpResponse.json({
            ...documentsPage(new URL(request.url)),
            total: 10_000,
            totalCapped: true,
          }),
        ),
      );
      const { user } = renderDashboard('/client?desde=2024-11-01&hasta=2024-11-30');
      expect(await screen.findByText('1–25 de más de 10,000')).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
      await waitFor(() => expect(screen.getByText('26–50 de más de 10,000')).toBeVisible());
    },
  );

  it('never shows the rows of another filter while the new one loads', async () => {
    const { user } = renderDashboard();
    await waitForRows(25);
    server.use(
      http.get('/api/client/documents', async ({ request }) => {
        await delay(200);
        return HttpResponse.json(documentsPage(new URL(request.url)));
      }),
    );
    await typeDate(user, /Fecha inicio/, '26112024');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() =>
      expect(
        screen.queryAllByRole('row').filter((row) => row.hasAttribute('data-id')),
      ).toHaveLength(0),
    );
    await waitForRows(3);
  });

  it('shows only the error and a retry when the documents cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    server.use(
      http.get('/api/client/documents', ({ request }) =>
        fail
          ? HttpResponse.json(
              { message: 'Ocurrió un error inesperado. Intente nuevamente.' },
              { status: 500 },
            )
          : HttpResponse.json(documentsPage(new URL(request.url))),
      ),
    );
    const { user } = renderDashboard();
    expect(await screen.findByText(/No se pudieron cargar los comprobantes/)).toBeVisible();
    expect(screen.queryByText(/No se encontraron comprobantes/)).toBeNull();
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ir a la página siguiente' })).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitForRows(25);
  });
});
