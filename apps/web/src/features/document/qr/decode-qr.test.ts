import { describe, expect, it } from 'vitest';
import { blankPixels, qrPixels } from '../../../testing/qr-image';
import { decodeQr } from './decode-qr';

const SUNAT_TEXT =
  '20606433094|01|F001|3|180.00|1180.00|2024-11-25|6|20415932376|Er333++127R4zFd4wOv27Rh4ZyEGpE42CT95ZCBsmnA=|';

describe('decodeQr', () => {
  it('reads the text of a SUNAT QR code', async () => {
    await expect(decodeQr(qrPixels(SUNAT_TEXT))).resolves.toBe(SUNAT_TEXT);
  });

  it('reads a QR code drawn light on dark, as dark-mode screenshots show it', async () => {
    await expect(decodeQr(qrPixels(SUNAT_TEXT, { inverted: true }))).resolves.toBe(SUNAT_TEXT);
  });

  it('answers null for a picture without a QR code', async () => {
    await expect(decodeQr(blankPixels())).resolves.toBeNull();
  });
});
