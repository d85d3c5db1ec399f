import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousViolations } from '../../../testing/axe';
import { clientDocuments } from '../../../testing/fixtures';
import { recordRequests, requestsTo } from '../../../testing/msw/recorder';
import { renderWithProviders } from '../../../testing/render';
import { ClientDocumentDialog } from './client-document-dialog';

const doc = clientDocuments[0]!;

function renderDialog(id = doc.id) {
  const onClose = vi.fn();
  const rendered = renderWithProviders(<ClientDocumentDialog id={id} onClose={onClose} />, {
    path: '/client',
  });
  return { ...rendered, onClose };
}

describe('ClientDocumentDialog', () => {
  it('is named after the document it shows, which is no card inside it', async () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Ver comprobante' })).toBeVisible();
    const dialog = await screen.findByRole('dialog', { name: 'FACTURA ELECTRÓNICA F001-1000' });
    const sheet = within(dialog).getByRole('article', { name: 'FACTURA ELECTRÓNICA F001-1000' });
    expect(sheet).not.toHaveClass('MuiPaper-elevation1');
    expect(sheet).toHaveClass('MuiPaper-elevation0');
    await expectNoSeriousViolations(dialog);
  });

  it('shows the PDF in the place of the document, and goes back to it', async () => {
    const { user, onClose } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'FACTURA ELECTRÓNICA F001-1000' });
    const viewPdf = within(dialog).getByRole('button', { name: 'Ver PDF' });
    await user.click(viewPdf);

    // One dialog: the preview replaced the document rather than stacking on it.
    const preview = await screen.findByRole('dialog', {
      name: 'Representación impresa · Factura F001-1000',
    });
    expect(screen.getAllByRole('dialog')).toEqual([preview]);
    expect(await within(preview).findByTitle('PDF de Factura F001-1000')).toBeVisible();
    expect(within(preview).queryByRole('heading', { name: 'FACTURA ELECTRÓNICA' })).toBeNull();
    await expectNoSeriousViolations(preview);

    await user.click(within(preview).getByRole('button', { name: 'Volver al comprobante' }));
    await screen.findByRole('dialog', { name: 'FACTURA ELECTRÓNICA F001-1000' });
    await waitFor(() => expect(viewPdf).toHaveFocus());

    // Escape leaves the preview first, then the document.
    await user.click(viewPdf);
    await screen.findByRole('dialog', { name: /^Representación impresa/ });
    await user.keyboard('{Escape}');
    await screen.findByRole('dialog', { name: 'FACTURA ELECTRÓNICA F001-1000' });
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('offers no "Quitar" for a document its issuer published', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'FACTURA ELECTRÓNICA F001-1000' });
    expect(within(dialog).queryByRole('button', { name: 'Quitar' })).toBeNull();
  });

  it('removes a copy the account uploaded, once confirmed, and closes', async () => {
    const uploaded = clientDocuments.find((candidate) => candidate.origen === 'carga')!;
    const recorded = recordRequests();
    const { user, onClose } = renderDialog(uploaded.id);
    const dialog = await screen.findByRole('dialog', {
      name: `NOTA DE CRÉDITO ELECTRÓNICA ${uploaded.serie}-${uploaded.correlativo}`,
    });
    expect(within(dialog).getByText(/Cargado por usted/)).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Quitar' }));
    let confirm = await screen.findByRole('alertdialog', {
      name: `¿Quitar Nota de Crédito ${uploaded.serie}-${uploaded.correlativo} de su archivo?`,
    });
    expect(confirm).toHaveAccessibleDescription(/plazo legal de conservación/);
    await expectNoSeriousViolations(confirm);
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requestsTo(recorded, 'DELETE', `/api/client/received/${uploaded.id}`)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Quitar' }));
    confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Quitar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(requestsTo(recorded, 'DELETE', `/api/client/received/${uploaded.id}`)).toHaveLength(1);
    expect(await screen.findByText(/Se quitó .* de su archivo\./)).toBeVisible();
  });
});
