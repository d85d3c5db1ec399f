import { WithholdingsSchema, type Withholdings } from '@sufel/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { todayIsoDay } from '../../../lib/calendar-day';
import { expectNoSeriousViolations } from '../../../testing/axe';
import { setViewportWidth } from '../../../testing/browser-gaps';
import { recordRequests, requestsTo } from '../../../testing/msw/recorder';
import { server } from '../../../testing/msw/server';
import { renderWithProviders } from '../../../testing/render';
import { thisYear } from '../components/dashboard/date-ranges';
import { WithholdingsPage } from './withholdings-page';

const PATH = '/client/retenciones?desde=2025-03-01&hasta=2025-04-30';

/** A retention in March, a perception in April and a voided perception in April. */
const WITHHOLDINGS: Withholdings = WithholdingsSchema.parse({
  items: [
    {
      documentId: 12,
      tipo: '40',
      emisor: '20552187343',
      emisor_nombre: 'MOLINERA DEL NORTE S.A.C.',
      serie: 'P001',
      numero: '9',
      fecha: '2025-04-03',
      monto: '99.00',
      baja: true,
    },
    {
      documentId: 11,
      tipo: '40',
      emisor: '20552187343',
      emisor_nombre: 'MOLINERA DEL NORTE S.A.C.',
      serie: 'P001',
      numero: '8',
      fecha: '2025-04-02',
      monto: '205.60',
      baja: false,
    },
    {
      documentId: 10,
      tipo: '20',
      emisor: '20606433094',
      emisor_nombre: 'GASPERSOFT EIRL',
      serie: 'R001',
      numero: '1',
      fecha: '2025-03-27',
      monto: '1030.00',
      baja: false,
    },
  ],
  meses: [
    { mes: '2025-03', retenido: '1030.00', percibido: '0.00', comprobantes: 1 },
    { mes: '2025-04', retenido: '0.00', percibido: '205.60', comprobantes: 1 },
  ],
  totales: { retenido: '1030.00', percibido: '205.60' },
  truncado: false,
});

function serve(answer: Withholdings | Response) {
  server.use(
    http.get('/api/client/withholdings', () =>
      answer instanceof Response ? answer : HttpResponse.json(answer),
    ),
  );
}

const rowsOf = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row');

describe('WithholdingsPage', () => {
  it('totals per month what was retained and perceived, and lists each receipt by its agent', async () => {
    serve(WITHHOLDINGS);
    const { container } = renderWithProviders(<WithholdingsPage />, { path: PATH });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Retenciones y percepciones' }),
    ).toBeVisible();
    await screen.findByRole('table', { name: 'Por mes' });
    const [header, march, april, total] = rowsOf('Por mes');
    expect(header).toHaveTextContent('MesRetenciones que me hicieronPercepciones que me cobraron');
    expect(march).toHaveTextContent('marzo de 2025S/ 1,030.00S/ 0.00');
    expect(april).toHaveTextContent('abril de 2025S/ 0.00S/ 205.60');
    expect(total).toHaveTextContent('Total del periodoS/ 1,030.00S/ 205.60');

    const [, voided, perception, retention] = rowsOf('Comprobantes de retención y de percepción');
    expect(retention).toHaveTextContent('27/03/2025');
    expect(retention).toHaveTextContent('Comprobante de Retención R001-1');
    expect(retention).toHaveTextContent('GASPERSOFT EIRL20606433094');
    expect(retention).toHaveTextContent('Retención');
    expect(retention).toHaveTextContent('S/ 1,030.00');
    expect(perception).toHaveTextContent('Comprobante de Percepción P001-8');
    expect(voided).toHaveTextContent('Percepción · anulado, no se suma');
    await expectNoSeriousViolations(container);
  });

  it('opens this year by default, and a receipt with a click', async () => {
    serve(WITHHOLDINGS);
    const requests = recordRequests();
    const { user } = renderWithProviders(<WithholdingsPage />, { path: '/client/retenciones' });
    await screen.findByRole('table', { name: 'Por mes' });
    const { start, end } = thisYear(todayIsoDay());
    expect(requestsTo(requests, 'GET', '/api/client/withholdings')[0]?.url.search).toBe(
      `?start=${start}&end=${end}`,
    );
    await user.click(screen.getByRole('button', { name: 'Ver Comprobante de Retención R001-1' }));
    expect(await screen.findByRole('dialog')).toBeVisible();
  });

  it('says so when the period has no receipts', async () => {
    serve({
      items: [],
      meses: [],
      totales: { retenido: '0.00', percibido: '0.00' },
      truncado: false,
    });
    renderWithProviders(<WithholdingsPage />, { path: PATH });
    expect(
      await screen.findByText('No hay comprobantes de retención ni de percepción en este periodo.'),
    ).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Por mes' })).toBeNull();
  });

  it('shows one card per receipt on phones', async () => {
    setViewportWidth(390);
    serve(WITHHOLDINGS);
    renderWithProviders(<WithholdingsPage />, { path: PATH });
    const cards = await screen.findAllByRole('button', { name: /^Comprobante de/ });
    expect(cards).toHaveLength(3);
    expect(cards[2]).toHaveTextContent('Comprobante de Retención R001-1');
    expect(cards[2]).toHaveTextContent('S/ 1,030.00');
    expect(cards[2]).toHaveTextContent('Retención · Emitido el 27/03/2025');
    const months = screen.getByRole('region', { name: 'Por mes' });
    expect(months).toHaveTextContent(
      'marzo de 2025Retenciones que me hicieronS/ 1,030.00Percepciones que me cobraronS/ 0.00',
    );
    expect(months).toHaveTextContent('Total del periodoRetenciones que me hicieronS/ 1,030.00');
  });
});
