import { PayablesSchema, type Payables } from '@sufel/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { addDays, todayIsoDay } from '../../../lib/calendar-day';
import { expectNoSeriousViolations } from '../../../testing/axe';
import { setViewportWidth } from '../../../testing/browser-gaps';
import { clientDocuments } from '../../../testing/fixtures';
import { recordRequests, requestsTo } from '../../../testing/msw/recorder';
import { server } from '../../../testing/msw/server';
import { renderWithProviders } from '../../../testing/render';
import { nextMonth, wholeMonthOf } from '../components/dashboard/date-ranges';
import { PayablesPage } from './payables-page';

const today = todayIsoDay();
const doc = clientDocuments[0]!;

/** Three instalments: one three days overdue, one due today, one in ten days (in dollars). */
const PAYABLES: Payables = PayablesSchema.parse({
  items: [
    {
      documentId: doc.id,
      emisor: doc.emisor,
      emisor_nombre: doc.emisor_nombre,
      tipo: '01',
      serie: 'F001',
      numero: '1000',
      cuota: 1,
      monto: '1234.5',
      moneda: 'PEN',
      vence: addDays(today, -3),
    },
    {
      documentId: doc.id,
      emisor: doc.emisor,
      emisor_nombre: doc.emisor_nombre,
      tipo: '01',
      serie: 'F001',
      numero: '1000',
      cuota: 2,
      monto: '1234.50',
      moneda: 'PEN',
      vence: today,
    },
    {
      documentId: 7,
      emisor: '20100070970',
      emisor_nombre: 'SUPERMERCADOS PERUANOS S.A.',
      tipo: '01',
      serie: 'FF60',
      numero: '4',
      cuota: 1,
      monto: '100',
      moneda: 'USD',
      vence: addDays(today, 10),
    },
  ],
  totales: [
    { moneda: 'PEN', monto: '2469.00' },
    { moneda: 'USD', monto: '100.00' },
  ],
  semanas: [
    { semana: '2024-12-16', moneda: 'PEN', monto: '2469.00' },
    { semana: '2024-12-16', moneda: 'USD', monto: '40.00' },
    { semana: '2024-12-23', moneda: 'USD', monto: '60.00' },
  ],
  truncado: false,
});

function serve(answer: Payables | Response) {
  server.use(
    http.get('/api/client/payables', () =>
      answer instanceof Response ? answer : HttpResponse.json(answer),
    ),
  );
}

const rows = () => within(screen.getByRole('table', { name: 'Cuotas' })).getAllByRole('row');

describe('PayablesPage', () => {
  it('lists the month’s instalments by due date, overdue ones said in words, with totals', async () => {
    serve(PAYABLES);
    const requests = recordRequests();
    const { container } = renderWithProviders(<PayablesPage />, { path: '/client/por-pagar' });
    expect(screen.getByRole('heading', { level: 1, name: 'Por pagar' })).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Cargando…' })).toBeVisible();
    await screen.findByRole('table', { name: 'Cuotas' });

    const { start, end } = wholeMonthOf(today);
    expect(
      requestsTo(requests, 'GET', '/api/client/payables').map((request) =>
        Object.fromEntries(request.url.searchParams),
      ),
    ).toEqual([{ start, end }]);
    const [header, overdue, dueToday, later] = rows();
    expect(header).toHaveTextContent('VenceComprobanteProveedorCuotaMonto');
    expect(overdue).toHaveTextContent('Vencida hace 3 días');
    expect(overdue).toHaveTextContent('Factura F001-1000');
    expect(overdue).toHaveTextContent(doc.emisor_nombre);
    expect(overdue).toHaveTextContent(doc.emisor);
    expect(overdue).toHaveTextContent('S/ 1,234.50');
    expect(dueToday).toHaveTextContent('Vence hoy');
    expect(later).toHaveTextContent('Vence en 10 días');
    expect(later).toHaveTextContent('US$ 100.00');

    const totals = screen.getByText('Total del periodo').nextElementSibling;
    expect(totals).toHaveTextContent('S/ 2,469.00 · US$ 100.00');
    const weeks = screen.getByRole('region', { name: 'Por semana' });
    expect(within(weeks).getByText('Semana del 16/12/2024 al 22/12/2024')).toBeVisible();
    expect(within(weeks).getByText('S/ 2,469.00 · US$ 40.00')).toBeVisible();
    expect(within(weeks).getByText('Semana del 23/12/2024 al 29/12/2024')).toBeVisible();
    await expectNoSeriousViolations(container);
  });

  it('opens a row’s document from the keyboard, over the list', async () => {
    serve(PAYABLES);
    const { user } = renderWithProviders(<PayablesPage />, { path: '/client/por-pagar' });
    await screen.findByRole('table', { name: 'Cuotas' });
    const link = within(rows()[1]!).getByRole('button', { name: 'Ver Factura F001-1000' });
    link.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'FACTURA ELECTRÓNICA F001-1000' });
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rows()).toHaveLength(4);
  });

  it('changes the period with a quick range, into the address', async () => {
    serve(PAYABLES);
    const requests = recordRequests();
    const { user, currentPath } = renderWithProviders(<PayablesPage />, {
      path: '/client/por-pagar',
    });
    await screen.findByRole('table', { name: 'Cuotas' });
    await user.click(screen.getByRole('button', { name: 'Mes siguiente' }));
    const { start, end } = nextMonth(today);
    await waitFor(() =>
      expect(requestsTo(requests, 'GET', '/api/client/payables').at(-1)?.url.search).toBe(
        `?start=${start}&end=${end}`,
      ),
    );
    expect(currentPath()).toBe(`/client/por-pagar?desde=${start}&hasta=${end}`);
  });

  it('reads the period from the address', async () => {
    serve(PAYABLES);
    const requests = recordRequests();
    renderWithProviders(<PayablesPage />, {
      path: '/client/por-pagar?desde=2024-12-01&hasta=2024-12-31',
    });
    await screen.findByRole('table', { name: 'Cuotas' });
    expect(requestsTo(requests, 'GET', '/api/client/payables')[0]?.url.search).toBe(
      '?start=2024-12-01&end=2024-12-31',
    );
    expect(screen.getByRole('textbox', { name: /Vencen desde/ })).toHaveValue('01/12/2024');
  });

  it('says so when there is nothing to pay', async () => {
    serve({ items: [], totales: [], semanas: [], truncado: false });
    renderWithProviders(<PayablesPage />, { path: '/client/por-pagar' });
    expect(await screen.findByText('No hay cuotas por pagar en este periodo.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('Total del periodo')).toBeNull();
  });

  it('shows a failure with its reason, and retries', async () => {
    serve(HttpResponse.json({ message: 'Servicio no disponible' }, { status: 503 }));
    const { user } = renderWithProviders(<PayablesPage />, { path: '/client/por-pagar' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo cargar la lista. Servicio no disponible');
    serve(PAYABLES);
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('table', { name: 'Cuotas' })).toBeVisible();
  });

  it('says when the list holds only the first rows', async () => {
    serve({ ...PAYABLES, truncado: true });
    renderWithProviders(<PayablesPage />, { path: '/client/por-pagar' });
    expect(
      await screen.findByText(/Se muestran las primeras 10,000 filas; los totales cuentan todas/),
    ).toBeVisible();
  });

  it('shows one card per instalment on phones, each opening its document', async () => {
    setViewportWidth(390);
    serve(PAYABLES);
    const { user } = renderWithProviders(<PayablesPage />, { path: '/client/por-pagar' });
    const cards = await screen.findAllByRole('button', { name: /^Factura/ });
    expect(cards).toHaveLength(3);
    expect(screen.queryByRole('table')).toBeNull();
    expect(cards[0]).toHaveTextContent('Factura F001-1000');
    expect(cards[0]).toHaveTextContent('S/ 1,234.50');
    expect(cards[0]).toHaveTextContent('Cuota 1');
    expect(cards[0]).toHaveTextContent('Vencida hace 3 días');
    expect(cards[2]).toHaveTextContent('Vence en 10 días');
    await user.click(cards[0]!);
    expect(
      await screen.findByRole('dialog', { name: 'FACTURA ELECTRÓNICA F001-1000' }),
    ).toBeVisible();
  });
});
