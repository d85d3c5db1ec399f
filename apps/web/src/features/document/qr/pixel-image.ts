/** RGBA pixels, row by row: what a canvas gives and what the QR decoder reads. */
export interface PixelImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}
