import type { ReceivedUpload } from '@sufel/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../../../../testing/axe';
import { renderWithProviders } from '../../../../testing/render';
import { AddDocumentsButton } from './add-documents-dialog';

const ANSWER: ReceivedUpload = {
  items: [
    { archivo: 'F001-4.xml', estado: 'agregado', motivo: null, id: 41 },
    {
      archivo: 'lote.zip/F001-3.xml',
      estado: 'duplicado',
      motivo: 'Ya está en su archivo: lo publicó el emisor.',
      id: 7,
    },
    {
      archivo: 'lote.zip/otra.xml',
      estado: 'rechazado',
      motivo: 'El comprobante no está dirigido a su RUC (20415932376): su cliente es 20100070970.',
    },
  ],
};

/**
 * The browser's XMLHttpRequest as far as an upload uses it: it reports the
 * share sent, then answers. (jsdom cannot carry a FormData through the request
 * interceptor, so the server's side is this stand-in.)
 */
function serveUploads(status: number, body: unknown) {
  const record = { sent: [] as string[][], answer: () => {} };
  class UploadingRequest extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    responseText = '';
    url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'content-type' ? 'application/json' : null;
    }
    send(form: FormData) {
      expect(this.url).toBe('/api/client/received');
      record.sent.push(form.getAll('files').map((file) => (file as File).name));
      this.upload.dispatchEvent(
        Object.assign(new Event('progress'), { lengthComputable: true, loaded: 1, total: 2 }),
      );
      // The server answers when the test has seen the upload under way.
      record.answer = () => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.dispatchEvent(new Event('load'));
      };
    }
  }
  setRequestClass(UploadingRequest as unknown as typeof XMLHttpRequest);
  return record;
}

function setRequestClass(value: typeof XMLHttpRequest): void {
  Object.defineProperty(globalThis, 'XMLHttpRequest', {
    value,
    configurable: true,
    writable: true,
  });
}

const BROWSER_REQUEST = globalThis.XMLHttpRequest;
afterEach(() => setRequestClass(BROWSER_REQUEST));

function xml(name: string): File {
  return new File(['<Invoice/>'], name, { type: 'application/xml' });
}

describe('AddDocumentsButton', () => {
  it('sends the chosen XML and ZIP files as parts named files, and lists what became of each', async () => {
    const requests = serveUploads(200, ANSWER);
    const { baseElement } = renderWithProviders(<AddDocumentsButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Agregar comprobantes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar comprobantes' });
    const add = within(dialog).getByRole('button', { name: 'Agregar' });
    expect(add).toBeDisabled();

    const input = within(dialog).getByTestId('received-files');
    await userEvent.upload(input, [
      xml('F001-4.xml'),
      new File(['PK'], 'lote.zip', { type: 'application/zip' }),
    ]);
    expect(within(dialog).getByText('2 archivos seleccionados')).toBeInTheDocument();

    // Dropped files join the chosen ones; what is neither XML nor ZIP is left out, saying so.
    fireEvent.drop(within(dialog).getByTestId('received-drop-zone'), {
      dataTransfer: { files: [xml('F001-5.xml'), new File(['x'], 'foto.png')] },
    });
    expect(within(dialog).getByText('3 archivos seleccionados')).toBeInTheDocument();
    expect(within(dialog).getByText(/no se agregaron: foto\.png/)).toBeInTheDocument();

    await userEvent.click(add);
    expect(await within(dialog).findByText('Enviando… 50 %')).toBeInTheDocument();
    act(() => requests.answer());
    expect(
      await within(dialog).findByText('Agregados: 1 · Duplicados: 1 · Rechazados: 1'),
    ).toBeInTheDocument();
    expect(requests.sent).toEqual([['F001-4.xml', 'lote.zip', 'F001-5.xml']]);
    const outcomes = within(dialog).getAllByRole('listitem');
    expect(outcomes.map((item) => item.textContent)).toEqual([
      'AgregadoF001-4.xml',
      'Duplicadolote.zip/F001-3.xmlYa está en su archivo: lo publicó el emisor.',
      'Rechazadolote.zip/otra.xmlEl comprobante no está dirigido a su RUC (20415932376): su cliente es 20100070970.',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Agregar' })).toBeDisabled();
    await expectNoSeriousViolations(baseElement);
  });

  it('says why the whole upload was refused', async () => {
    const requests = serveUploads(413, { message: 'Envíe como máximo 500 archivos por carga.' });
    renderWithProviders(<AddDocumentsButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Agregar comprobantes' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.upload(within(dialog).getByTestId('received-files'), [xml('F001-4.xml')]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    await within(dialog).findByText('Enviando… 50 %');
    act(() => requests.answer());
    expect(
      await within(dialog).findByText(/Envíe como máximo 500 archivos por carga/),
    ).toBeInTheDocument();
  });
});
