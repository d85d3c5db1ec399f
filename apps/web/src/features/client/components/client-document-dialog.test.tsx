import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousViolations } from '../../../testing/axe';
import { clientDocuments } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { ClientDocumentDialog } from './client-document-dialog';

const doc = clientDocuments[0]!;

function renderDialog() {
  const onClose = vi.fn();
  const rendered = renderWithProviders(<ClientDocumentDialog id={doc.id} onClose={onClose} />, {
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
});
