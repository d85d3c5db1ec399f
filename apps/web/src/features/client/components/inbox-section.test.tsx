import { InboxSchema, type Inbox } from '@sufel/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../../../testing/axe';
import { server } from '../../../testing/msw/server';
import { renderWithProviders } from '../../../testing/render';
import { InboxSection } from './inbox-section';

const ADDRESS = '20415932376-k3x9q2mz@facturas.sufel.pe';

function mail(id: number, extra: Partial<Inbox['correos'][number]> = {}) {
  return {
    id,
    de: 'Proveedor <facturas@proveedor.pe>',
    asunto: `Factura F001-${id}`,
    recibido: '2024-11-25T15:30:00.000Z',
    estado: 'procesado' as const,
    motivo: null,
    adjuntos: [],
    ...extra,
  };
}

function serve(pages: Record<string, Inbox>) {
  server.use(
    http.get('/api/client/inbox', ({ request }) =>
      HttpResponse.json(
        InboxSchema.parse(pages[new URL(request.url).searchParams.get('cursor') ?? '']),
      ),
    ),
  );
}

describe('InboxSection', () => {
  it('shows the address with a copy button and each mail with its attachments, a page at a time', async () => {
    serve({
      '': {
        direccion: ADDRESS,
        correos: [
          mail(3, {
            adjuntos: [
              { archivo: 'F001-3.xml', estado: 'agregado', motivo: null },
              { archivo: 'otro.xml', estado: 'rechazado', motivo: 'no está dirigido a su RUC' },
              {
                archivo: 'logo.pdf',
                estado: 'omitido',
                motivo: 'No es un archivo XML ni ZIP: no se lee.',
              },
            ],
          }),
          mail(2, {
            estado: 'procesado',
            motivo:
              'El correo no trae archivos XML ni ZIP adjuntos: no se agregó ningún comprobante.',
          }),
        ],
        nextCursor: '2',
      },
      '2': { direccion: ADDRESS, correos: [mail(1, { estado: 'repetido' })], nextCursor: null },
    });
    const { user, container } = renderWithProviders(<InboxSection />);
    const field = await screen.findByRole('textbox', {
      name: 'Su dirección para recibir comprobantes',
    });
    expect(field).toHaveValue(ADDRESS);
    expect(screen.getByRole('region', { name: 'Recibir comprobantes por correo' })).toBeVisible();

    const items = within(
      screen.getByRole('heading', { name: 'Correos recibidos' }).nextElementSibling as HTMLElement,
    );
    expect(items.getByText('Factura F001-3')).toBeVisible();
    expect(items.getByText('no está dirigido a su RUC')).toBeVisible();
    expect(items.getByText('Rechazado')).toBeVisible();
    expect(items.getByText('No leído')).toBeVisible();
    expect(items.getByText(/no trae archivos XML ni ZIP/)).toBeVisible();
    await expectNoSeriousViolations(container);

    await user.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(await navigator.clipboard.readText()).toBe(ADDRESS);
    expect(await screen.findByRole('alert')).toHaveTextContent('Dirección copiada');

    await user.click(screen.getByRole('button', { name: 'Ver más correos' }));
    expect(await screen.findByText('Factura F001-1')).toBeVisible();
    expect(screen.getByText('Repetido')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Ver más correos' })).toBeNull();
  });

  it('says when this portal receives no mail, in English too', async () => {
    renderWithProviders(<InboxSection />, { language: 'en' });
    expect(
      await screen.findByText('Receiving documents by e-mail is not turned on in this portal.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
  });

  it('translates the server’s reasons in English', async () => {
    serve({
      '': {
        direccion: ADDRESS,
        correos: [
          mail(1, {
            adjuntos: [
              {
                archivo: 'a.pdf',
                estado: 'omitido',
                motivo: 'No es un archivo XML ni ZIP: no se lee.',
              },
            ],
          }),
        ],
        nextCursor: null,
      },
    });
    renderWithProviders(<InboxSection />, { language: 'en' });
    expect(await screen.findByText('Neither an XML nor a ZIP file: not read.')).toBeVisible();
    expect(screen.getByText('Not read')).toBeVisible();
  });
});
