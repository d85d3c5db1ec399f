import { DetractionsSchema, type Detractions } from '@sufel/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { todayIsoDay } from '../../../lib/calendar-day';
import { expectNoSeriousViolations } from '../../../testing/axe';
import { blobText } from '../../../testing/blob-text';
import { savedDownloads, setViewportWidth } from '../../../testing/browser-gaps';
import { clientDocuments } from '../../../testing/fixtures';
import { recordRequests, requestsTo } from '../../../testing/msw/recorder';
import { server } from '../../../testing/msw/server';
import { renderWithProviders } from '../../../testing/render';
import { thisMonth } from '../components/dashboard/date-ranges';
import { DetractionsPage } from './detractions-page';

const doc = clientDocuments[0]!;
const PATH = '/client/detracciones?desde=2024-11-01&hasta=2024-11-30';
const CSV = '\uFEFFRUC del proveedor,Monto a depositar (S/)\r\n20606433094,123.00\r\n';

/** A full declaration (code 022 at 12 %), and one with only a legend: no code, rate, amount nor account. */
const DETRACTIONS: Detractions = DetractionsSchema.parse({
  items: [
    {
      documentId: doc.id,
      emisor: '20606433094',
      emisor_nombre: 'GASPERSOFT EIRL',
      codigo: '022',
      porcentaje: '12.00',
      monto: '1230.00',
      cuenta: '00-045-091619',
      tipo: '01',
      serie: 'F001',
      numero: '1000',
      fecha: '2024-11-25',
    },
    {
      documentId: 9,
      emisor: '20600055519',
      emisor_nombre: 'TRANSPORTES ANDINOS S.A.C.',
      codigo: null,
      porcentaje: null,
      monto: null,
      cuenta: null,
      tipo: '01',
      serie: 'FF60',
      numero: '4',
      fecha: '2024-11-26',
    },
  ],
  total: '1230.00',
  truncado: false,
});

function serve(answer: Detractions | Response) {
  server.use(
    http.get('/api/client/detractions', ({ request }) =>
      new URL(request.url).searchParams.get('format') === 'csv'
        ? new HttpResponse(CSV, {
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition':
                'attachment; filename="detracciones-20415932376-2024-11-01-2024-11-30.csv"',
            },
          })
        : answer instanceof Response
          ? answer
          : HttpResponse.json(answer),
    ),
  );
}

const rows = () => within(screen.getByRole('table', { name: 'Detracciones' })).getAllByRole('row');

describe('DetractionsPage', () => {
  it('lists what each supplier declared, in words, with the total to deposit', async () => {
    serve(DETRACTIONS);
    const { container } = renderWithProviders(<DetractionsPage />, { path: PATH });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Detracciones por depositar' }),
    ).toBeVisible();
    await screen.findByRole('table', { name: 'Detracciones' });
    const [header, full, legendOnly] = rows();
    expect(header).toHaveTextContent(
      'EmisiónComprobanteProveedorBien o servicio%Monto (S/)Cuenta de detracciones',
    );
    expect(full).toHaveTextContent('Factura F001-1000');
    expect(full).toHaveTextContent('25/11/2024');
    expect(full).toHaveTextContent('GASPERSOFT EIRL20606433094');
    expect(full).toHaveTextContent('022 - Otros servicios empresariales');
    expect(full).toHaveTextContent('12 %');
    expect(full).toHaveTextContent('S/ 1,230.00');
    expect(full).toHaveTextContent('00-045-091619');
    expect(within(legendOnly!).getAllByText('No declarado')).toHaveLength(4);
    expect(screen.getByText('Total a depositar').nextElementSibling).toHaveTextContent(
      'S/ 1,230.00',
    );
    await expectNoSeriousViolations(container);
  });

  it('opens this month by default, and a row’s document with a click', async () => {
    serve(DETRACTIONS);
    const requests = recordRequests();
    const { user } = renderWithProviders(<DetractionsPage />, { path: '/client/detracciones' });
    await screen.findByRole('table', { name: 'Detracciones' });
    const { start, end } = thisMonth(todayIsoDay());
    expect(requestsTo(requests, 'GET', '/api/client/detractions')[0]?.url.search).toBe(
      `?start=${start}&end=${end}`,
    );
    await user.click(within(rows()[1]!).getByText('00-045-091619'));
    expect(
      await screen.findByRole('dialog', { name: 'FACTURA ELECTRÓNICA F001-1000' }),
    ).toBeVisible();
  });

  it('downloads the CSV for the bank under the name the server gives', async () => {
    serve(DETRACTIONS);
    const requests = recordRequests();
    const { user } = renderWithProviders(<DetractionsPage />, { path: PATH });
    await screen.findByRole('table', { name: 'Detracciones' });
    await user.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    await waitFor(() => expect(savedDownloads).toHaveLength(1));
    expect(savedDownloads[0]!.filename).toBe('detracciones-20415932376-2024-11-01-2024-11-30.csv');
    expect(await blobText(savedDownloads[0]!.blob)).toBe(CSV.slice(1));
    expect(requestsTo(requests, 'GET', '/api/client/detractions').at(-1)?.url.search).toBe(
      '?start=2024-11-01&end=2024-11-30&format=csv',
    );
    expect(await screen.findByText('CSV de detracciones descargado.')).toBeVisible();
  });

  it('says so when there is nothing to deposit, and offers no empty CSV', async () => {
    serve({ items: [], total: '0', truncado: false });
    renderWithProviders(<DetractionsPage />, { path: PATH });
    expect(
      await screen.findByText('No hay detracciones por depositar en este periodo.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Descargar CSV' })).toBeDisabled();
    expect(screen.queryByText('Total a depositar')).toBeNull();
  });

  it('shows a failure with its reason', async () => {
    serve(HttpResponse.json({ message: 'Servicio no disponible' }, { status: 503 }));
    renderWithProviders(<DetractionsPage />, { path: PATH });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo cargar la lista. Servicio no disponible',
    );
    expect(screen.getByRole('button', { name: 'Descargar CSV' })).toBeDisabled();
  });

  it('shows one card per document on phones', async () => {
    setViewportWidth(390);
    serve(DETRACTIONS);
    renderWithProviders(<DetractionsPage />, { path: PATH });
    const cards = await screen.findAllByRole('button', { name: /^Factura/ });
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    expect(cards[0]).toHaveTextContent('Factura F001-1000');
    expect(cards[0]).toHaveTextContent('S/ 1,230.00');
    expect(cards[0]).toHaveTextContent('022 - Otros servicios empresariales · 12 %');
    expect(cards[0]).toHaveTextContent('Cuenta 00-045-091619');
  });
});
