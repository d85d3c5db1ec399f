import type { Reconciliation, ReconciliationGroup, ReconciliationItemsPage } from '@sufel/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../../../testing/axe';
import { server } from '../../../testing/msw/server';
import { renderWithProviders } from '../../../testing/render';
import { ReconciliationPage } from './reconciliation-page';

const READY: Reconciliation = {
  id: 7,
  periodo: '202412',
  estado: 'listo',
  origen: 'archivo',
  archivo: 'propuesta.csv',
  filas: 13,
  procesadas: 12,
  etapa: null,
  mensaje: null,
  resumen: {
    duplicado: 1,
    anulado: 3,
    sin_xml: 2,
    conciliado: 3,
    diferencia_menor: 1,
    importe_distinto: 1,
    solo_en_sufel: 3,
    credito_en_riesgo: 1,
    boleta: 1,
  },
  filasConError: 1,
  errores: [{ linea: 13, mensaje: "Línea 13: 'BI Gravado DG' '12,50' no es un importe." }],
  creado: '2025-01-15T15:00:00.000Z',
  actualizado: '2025-01-15T15:00:00.000Z',
};

const item = (grupo: ReconciliationGroup, documentId: number | null, numero: string) => ({
  car: `2010000001101F001${numero.padStart(10, '0')}`,
  grupo,
  linea: 2,
  tipo: '01',
  serie: 'F001',
  numero,
  emisor: '20100000011',
  emisor_nombre: 'COMERCIAL ÑAÑO & HIJOS S.A.C.',
  fecha: '2024-12-03',
  moneda: 'PEN',
  total_sire: '1180.00',
  total_sufel: documentId === null ? null : '1180.00',
  documentId,
  motivo: documentId === null ? 'SUFEL no tiene este comprobante.' : 'Coincide.',
});

function serve() {
  server.use(
    http.get('/api/client/reconciliations', () => HttpResponse.json([READY])),
    http.get('/api/client/reconciliations/7', () => HttpResponse.json(READY)),
    http.get('/api/client/reconciliations/7/items', ({ request }) => {
      const grupo = new URL(request.url).searchParams.get('grupo') as ReconciliationGroup;
      const page: ReconciliationItemsPage = {
        items: grupo === 'conciliado' ? [item(grupo, 41, '1001')] : [item(grupo, null, '1050')],
        nextCursor: null,
      };
      return HttpResponse.json(page);
    }),
    http.get('/api/client/sire-credentials', () =>
      HttpResponse.json({
        configured: false,
        clientId: null,
        usuarioSol: null,
        state: null,
        message: 'Guarde primero sus credenciales SIRE.',
        lastUsedAt: null,
      }),
    ),
  );
}

describe('ReconciliationPage', () => {
  it('shows a tab per group with its count, and rows that open their document', async () => {
    serve();
    const { container } = renderWithProviders(<ReconciliationPage />);
    const tab = await screen.findByRole('tab', { name: 'Sin XML (2)' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    for (const name of ['Duplicados (1)', 'Anulados (3)', 'Conciliados (3)', 'Solo en SUFEL (3)']) {
      expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    }
    expect(await screen.findByText('01 F001-1050')).toBeInTheDocument();
    expect(screen.getByText(/Línea 13: 'BI Gravado DG'/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Conciliados (3)' }));
    const link = await screen.findByRole('link', { name: 'Abrir 01 F001-1001' });
    expect(link).toHaveAttribute('href', '/client/documents/41');
    expect(screen.getByRole('button', { name: 'Descargar XLSX' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Pedir XML al proveedor' })).toBeEnabled();
    expect(screen.getByLabelText(/Usuario SOL/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    await expectNoSeriousViolations(container);
  });
});
