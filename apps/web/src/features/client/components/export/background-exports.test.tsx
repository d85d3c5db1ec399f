import type { BackgroundExport } from '@sufel/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../../../../testing/axe';
import { recordRequests, requestsTo } from '../../../../testing/msw/recorder';
import { server } from '../../../../testing/msw/server';
import { renderWithProviders } from '../../../../testing/render';
import { BackgroundExports } from './background-exports';
import { ExportMenu } from './export-menu';

const FILTER = { start: '2024-11-01', end: '2024-11-30' };
const FILE = 'comprobantes-20415932376-2024-11.zip';

const exportOf = (fields: Partial<BackgroundExport>): BackgroundExport => ({
  id: 7,
  archivo: FILE,
  estado: 'preparando',
  comprobantes: 12_345,
  hechos: 0,
  tamano: 0,
  creado: '2024-12-01T15:00:00.000Z',
  vence: null,
  motivo: null,
  ...fields,
});

describe('ZIP exports built in the background', () => {
  it('starts one from the export menu, follows its progress and then offers its download', async () => {
    const requests = recordRequests();
    server.use(
      http.get('/api/client/documents/export/count', () =>
        HttpResponse.json({
          count: 12_345,
          limit: 10_000,
          limits: { zip: 10_000, xlsx: 1_048_575, csv: null },
        }),
      ),
    );
    // Each time it is asked, the export is further along, until it is ready.
    const answers = [
      [],
      [exportOf({ hechos: 4_000, tamano: 1 })],
      [
        exportOf({
          estado: 'listo',
          hechos: 12_345,
          tamano: 3 * 1024 * 1024,
          vence: '2099-12-02T15:00:00.000Z',
        }),
      ],
    ];
    let asked = 0;
    server.use(
      http.get('/api/client/exports', () =>
        HttpResponse.json({ items: answers[Math.min(asked++, answers.length - 1)] }),
      ),
      http.post('/api/client/exports', () => HttpResponse.json(exportOf({}), { status: 202 })),
    );
    const { user } = renderWithProviders(
      <>
        <ExportMenu filter={FILTER} />
        <BackgroundExports />
      </>,
      { path: '/client' },
    );
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await user.click(
      await screen.findByRole('menuitem', { name: 'ZIP con XML y PDF, en segundo plano' }),
    );
    expect(
      await screen.findByText(
        'Preparando el ZIP de 12345 comprobantes. Siga trabajando: aparecerá aquí para descargarlo.',
      ),
    ).toBeVisible();
    expect(
      requestsTo(requests, 'POST', '/api/client/exports').map((request) => request.body),
    ).toEqual([FILTER]);

    const region = await screen.findByRole('region', { name: 'Exportaciones en ZIP' });
    expect(
      await within(region).findByText(`Preparando ${FILE}: 4000 de 12345 comprobantes.`),
    ).toBeVisible();
    expect(within(region).getByRole('progressbar', { name: `Avance de ${FILE}` })).toHaveAttribute(
      'aria-valuenow',
      '32',
    );
    await expectNoSeriousViolations(document.body);

    const download = await within(region).findByRole(
      'link',
      { name: `Descargar ${FILE}` },
      { timeout: 5000 },
    );
    expect(download).toHaveAttribute('href', '/api/client/exports/7/file');
    expect(download).toHaveAttribute('download', FILE);
    expect(
      within(region).getByText(/^comprobantes-20415932376-2024-11\.zip \(3\.0 MB\) está listo/),
    ).toBeVisible();
  });

  it('shows why one failed, and nothing once they expired', async () => {
    server.use(
      http.get('/api/client/exports', () =>
        HttpResponse.json({
          items: [
            exportOf({
              id: 9,
              estado: 'fallido',
              vence: '2099-01-01T00:00:00.000Z',
              motivo: 'No se pudo preparar el ZIP.',
            }),
            exportOf({ id: 8, estado: 'listo', vence: '2000-01-01T00:00:00.000Z' }),
          ],
        }),
      ),
    );
    renderWithProviders(<BackgroundExports />, { path: '/client' });
    expect(await screen.findByText(`${FILE}: No se pudo preparar el ZIP.`)).toBeVisible();
    expect(screen.queryByRole('link', { name: /^Descargar / })).toBeNull();
  });
});
