import { create } from 'qrcode';

export interface QrPixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/**
 * A real QR code for `text`, drawn as RGBA pixels the way a camera frame or a
 * decoded photo reaches the scanner: `scale` pixels a module, a quiet zone
 * around, dark on light unless `inverted`.
 */
export function qrPixels(text: string, { scale = 4, inverted = false } = {}): QrPixels {
  const { modules } = create(text, { errorCorrectionLevel: 'Q' });
  const quietZone = 4;
  const side = (modules.size + quietZone * 2) * scale;
  const data = new Uint8ClampedArray(side * side * 4);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - quietZone;
      const column = Math.floor(x / scale) - quietZone;
      const inside = row >= 0 && column >= 0 && row < modules.size && column < modules.size;
      const dark = inside && modules.get(row, column) === 1;
      const value = dark !== inverted ? 0 : 255;
      const offset = (y * side + x) * 4;
      data[offset] = value;
      data[offset + 1] = value;
      data[offset + 2] = value;
      data[offset + 3] = 255;
    }
  }
  return { data, width: side, height: side };
}

/** A photo with no QR in it. */
export function blankPixels(side = 120): QrPixels {
  return { data: new Uint8ClampedArray(side * side * 4).fill(255), width: side, height: side };
}
