import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoSeriousViolations } from '../../../testing/axe';
import { recordRequests, requestsTo } from '../../../testing/msw/recorder';
import { blankPixels, qrPixels } from '../../../testing/qr-image';
import { renderWithProviders } from '../../../testing/render';
import { readImageFile } from '../qr/read-image-file';
import { DocumentLoginPage } from './document-login-page';

// Decoding a File needs a real canvas, which jsdom lacks: that one step answers
// pixels drawn in the test; the QR decoding and everything after it are real.
vi.mock('../qr/read-image-file', () => ({ readImageFile: vi.fn() }));

const FACTURA_QR =
  '20606433094|01|F001|00000003|180.00|1180.00|2024-11-25|6|20415932376|Er333++127R4zFd4wOv27Rh4ZyEGpE42CT95ZCBsmnA=|';

function givenCamera(getUserMedia: () => Promise<MediaStream>) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  });
}

async function openScanner() {
  const onFound = vi.fn();
  const rendered = renderWithProviders(<DocumentLoginPage onFound={onFound} />, {
    path: '/document/login',
    area: false,
  });
  await rendered.user.click(screen.getByRole('button', { name: 'Escanear QR' }));
  const dialog = await screen.findByRole('dialog', { name: 'Escanear el código QR' });
  return { ...rendered, onFound, dialog };
}

async function uploadPhoto(user: Awaited<ReturnType<typeof openScanner>>['user']) {
  const photo = new File(['jpeg bytes'], 'foto.jpg', { type: 'image/jpeg' });
  // The picker the "Subir foto o captura" button opens.
  const picker = screen.getByRole('dialog').querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(picker, photo);
  return photo;
}

describe('consulting by QR', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2024, 10, 26, 10, 0) });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('fills every field from a photo of the QR and consults at once', async () => {
    vi.mocked(readImageFile).mockResolvedValue(qrPixels(FACTURA_QR));
    const requests = recordRequests();
    const { user, onFound } = await openScanner();
    const photo = await uploadPhoto(user);
    expect(readImageFile).toHaveBeenCalledWith(photo);
    // Decoding and the consultation's code, loaded on first use, take a while on a busy machine.
    await waitFor(() => expect(onFound).toHaveBeenCalledOnce(), { timeout: 5000 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText(/RUC del emisor/)).toHaveValue('20606433094');
    expect(screen.getByLabelText(/Serie-Correlativo/)).toHaveValue('F001-3');
    expect(screen.getByLabelText(/Tipo de documento/)).toHaveValue('01');
    expect(screen.getByLabelText(/Fecha de emisión/)).toHaveValue('25/11/2024');
    expect(screen.getByLabelText(/^Total/)).toHaveValue('1180.00');
    expect(requestsTo(requests, 'POST', '/api/document/auth')[0]?.body).toEqual({
      emisor: '20606433094',
      tipo: '01',
      documento: 'F001-3',
      fecha: '2024-11-25',
      total: '1180.00',
    });
  });

  it('reports a QR that finds no document like a typed consultation', async () => {
    vi.mocked(readImageFile).mockResolvedValue(
      qrPixels('20606433094|01|F001|4|0.00|99.00|2024-11-25|6|20415932376|'),
    );
    const { user, onFound } = await openScanner();
    await uploadPhoto(user);
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'No se encontraron resultados.',
    );
    expect(onFound).not.toHaveBeenCalled();
  });

  it("explains a QR that is not a SUNAT document's and lets the user try again", async () => {
    vi.mocked(readImageFile).mockResolvedValue(qrPixels('WIFI:S:oficina;T:WPA;P:secreto;;'));
    const { user, dialog, onFound } = await openScanner();
    await uploadPhoto(user);
    expect(
      await within(dialog).findByText(
        'El código QR no corresponde a un comprobante electrónico de SUNAT.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(onFound).not.toHaveBeenCalled();
  });

  it('explains a photo without a readable QR', async () => {
    vi.mocked(readImageFile).mockResolvedValue(blankPixels());
    const { user, dialog } = await openScanner();
    await uploadPhoto(user);
    expect(
      await within(dialog).findByText(/No se encontró un código QR legible en la imagen/),
    ).toBeVisible();
  });

  it('explains a file that is not an image', async () => {
    vi.mocked(readImageFile).mockRejectedValue(new DOMException('bad image', 'InvalidStateError'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, dialog } = await openScanner();
    await uploadPhoto(user);
    expect(await within(dialog).findByText(/No se pudo abrir la imagen/)).toBeVisible();
  });

  it('keeps the upload focusable while the image is read, and opens no picker then', async () => {
    let finish: (pixels: ReturnType<typeof blankPixels>) => void = () => undefined;
    vi.mocked(readImageFile).mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { user, dialog } = await openScanner();
    const upload = within(dialog).getByRole('button', { name: 'Subir foto o captura' });
    const picker = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await uploadPhoto(user);
    await within(dialog).findByText('Leyendo la imagen…');
    // A disabled button would drop the keyboard's focus out of the dialog.
    expect(upload).toBeEnabled();
    expect(upload).toHaveAttribute('aria-disabled', 'true');
    const opened = vi.spyOn(picker, 'click').mockImplementation(() => undefined);
    upload.focus();
    await user.keyboard('{Enter}');
    expect(opened).not.toHaveBeenCalled();
    finish(blankPixels());
    await within(dialog).findByText(/No se encontró un código QR legible en la imagen/);
    expect(upload).toHaveAttribute('aria-disabled', 'false');
    expect(upload).toHaveFocus();
  });

  it('offers the upload when the device has no camera', async () => {
    const { dialog } = await openScanner();
    expect(await within(dialog).findByText(/no tiene una cámara disponible/)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Subir foto o captura' })).toBeVisible();
    await expectNoSeriousViolations(dialog);
  });

  it('opens the photo picker from the keyboard, with Enter or Space', async () => {
    const { user, dialog } = await openScanner();
    const upload = within(dialog).getByRole('button', { name: 'Subir foto o captura' });
    const picker = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    const opened = vi.spyOn(picker, 'click').mockImplementation(() => undefined);
    upload.focus();
    await user.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledTimes(1);
    await user.keyboard(' ');
    expect(opened).toHaveBeenCalledTimes(2);
    // Both buttons share one row.
    expect(upload.parentElement).toBe(
      within(dialog).getByRole('button', { name: 'Cancelar' }).parentElement,
    );
  });

  it('asks for the rear camera and explains a refused permission', async () => {
    const getUserMedia = vi
      .fn<() => Promise<MediaStream>>()
      .mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    givenCamera(getUserMedia);
    const { dialog } = await openScanner();
    expect(await within(dialog).findByText(/No se permitió el uso de la cámara/)).toBeVisible();
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: 'environment' },
      audio: false,
    });
  });

  it('closes on Cancelar and releases nothing it did not open', async () => {
    const { user, dialog } = await openScanner();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
