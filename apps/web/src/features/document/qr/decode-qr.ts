import type { PixelImage } from './pixel-image';

/**
 * The text of the QR code in an image, or null when none can be read. The
 * decoder is loaded on first use, so only visitors who scan download it.
 */
export async function decodeQr(image: PixelImage): Promise<string | null> {
  const { default: jsQR } = await import('jsqr');
  // Printed QRs are dark on light, but screenshots of dark themes are not.
  const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' });
  return code?.data ?? null;
}
