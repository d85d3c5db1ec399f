import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../../../../testing/axe';
import { blobText } from '../../../../testing/blob-text';
import { savedDownloads } from '../../../../testing/browser-gaps';
import { recordRequests, requestsTo } from '../../../../testing/msw/recorder';
import { server } from '../../../../testing/msw/server';
import { renderWithProviders } from '../../../../testing/render';
import { ExportMenu } from './export-menu';

const FILTER = { start: '2024-11-01', end: '2024-11-30', emisor: '20606433094' };
const COUNT_URL = '/api/client/documents/export/count';
const EXPORT_URL = '/api/client/documents/export';

function answerCount(count: number) {
  server.use(
    http.get(COUNT_URL, () =>
      HttpResponse.json({
        count,
        limit: 10_000,
        limits: { zip: 10_000, xlsx: 1_048_575, csv: null },
      }),
    ),
  );
}

/** A body that sends `first` and then either ends, breaks off or waits forever. */
function exportBody(first: string, then: 'end' | 'break' | 'hang'): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(first));
      if (then === 'end') controller.close();
      if (then === 'break') controller.error(new TypeError('network error'));
    },
  });
}

function answerExport(body: ReadableStream<Uint8Array>, filename = 'comprobantes-x-2024-11.xlsx') {
  server.use(
    http.get(
      EXPORT_URL,
      () =>
        new HttpResponse(body, {
          headers: {
            'content-type': 'application/octet-stream',
            'content-disposition': `attachment; filename="${filename}"`,
          },
        }),
    ),
  );
}

function renderMenu() {
  return renderWithProviders(<ExportMenu filter={FILTER} />, { path: '/client' });
}

describe('ExportMenu', () => {
  it('says how many documents the filter holds and saves the chosen format under the server’s name', async () => {
    const requests = recordRequests();
    answerCount(3);
    answerExport(exportBody('contenido del excel', 'end'));
    const { user, container } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    expect(await screen.findByText('Incluirá 3 comprobantes.')).toBeVisible();
    expect(Object.fromEntries(requestsTo(requests, 'GET', COUNT_URL)[0]!.url.searchParams)).toEqual(
      FILTER,
    );
    await expectNoSeriousViolations(container.ownerDocument.body);
    await user.click(screen.getByRole('menuitem', { name: 'Excel' }));
    expect(await screen.findByText('Exportación descargada.')).toBeVisible();
    expect(
      Object.fromEntries(requestsTo(requests, 'GET', EXPORT_URL)[0]!.url.searchParams),
    ).toEqual({ ...FILTER, format: 'xlsx' });
    expect(savedDownloads.map((saved) => saved.filename)).toEqual(['comprobantes-x-2024-11.xlsx']);
    expect(await blobText(savedDownloads[0]!.blob)).toBe('contenido del excel');
  });

  it('offers the purchase list, and the ZIP in the background, beyond the ZIP limit', async () => {
    answerCount(12_345);
    const { user } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    expect(
      await screen.findByText(
        'Incluirá 12345 comprobantes. El ZIP con los archivos se descarga al momento hasta 10000: pídalo en segundo plano, o acote las fechas.',
      ),
    ).toBeVisible();
    expect(
      screen.getByRole('menuitem', { name: 'ZIP con XML y PDF, en segundo plano' }),
    ).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('menuitem', { name: 'ZIP con XML y PDF' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    for (const name of ['Excel', 'CSV']) {
      expect(screen.getByRole('menuitem', { name })).not.toHaveAttribute('aria-disabled');
    }
  });

  it('offers only CSV beyond the rows of a worksheet', async () => {
    answerCount(2_000_000);
    const { user } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    expect(await screen.findByText(/Excel admite hasta 1048575 filas: use CSV\./)).toBeVisible();
    expect(screen.getByRole('menuitem', { name: 'Excel' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('menuitem', { name: 'CSV' })).not.toHaveAttribute('aria-disabled');
  });

  it('offers nothing to export when the filter holds no document', async () => {
    answerCount(0);
    const { user } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    expect(
      await screen.findByText('No hay comprobantes que exportar con este filtro.'),
    ).toBeVisible();
    for (const name of ['ZIP con XML y PDF', 'Excel', 'CSV']) {
      expect(screen.getByRole('menuitem', { name })).toHaveAttribute('aria-disabled', 'true');
    }
  });

  it('shows the bytes received and lets the user cancel', async () => {
    answerCount(2);
    answerExport(exportBody('x'.repeat(1024 * 1024), 'hang'));
    const { user } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await screen.findByText('Incluirá 2 comprobantes.');
    await user.click(screen.getByRole('menuitem', { name: 'ZIP con XML y PDF' }));
    expect(await screen.findByText('Exportando… 1.0 MB recibidos')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Avance de la exportación' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancelar exportación' }));
    expect(await screen.findByText('Exportación cancelada.')).toBeVisible();
    expect(savedDownloads).toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Exportar' })).toBeVisible());
  });

  it('tells the user when the server broke the download off, and saves nothing', async () => {
    answerCount(2);
    answerExport(exportBody('PK', 'break'));
    const { user } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await screen.findByText('Incluirá 2 comprobantes.');
    await user.click(screen.getByRole('menuitem', { name: 'CSV' }));
    expect(
      await screen.findByText(
        'La exportación se interrumpió por un error en el servidor y el archivo no se guardó. Intente nuevamente.',
      ),
    ).toBeVisible();
    expect(savedDownloads).toHaveLength(0);
  });
});
