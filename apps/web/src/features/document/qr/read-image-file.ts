import type { PixelImage } from './pixel-image';

/** Phone photos reach 4000 px; QR decoding needs far less and slows down with size. */
const MAX_SIDE = 1600;

/** The pixels of a photo or screenshot the user chose. Rejects when it is not an image. */
export async function readImageFile(file: Blob): Promise<PixelImage> {
  const bitmap = await createImageBitmap(file);
  try {
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (context === null) throw new Error('This browser cannot draw images on a canvas');
    context.drawImage(bitmap, 0, 0, width, height);
    return context.getImageData(0, 0, width, height);
  } finally {
    bitmap.close();
  }
}
