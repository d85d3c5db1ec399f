import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { decodeQr, errorCorrectionLevel, type ModuleMatrix } from './read-qr.js';

function matrixOf(text: string, level: 'L' | 'M' | 'Q' | 'H'): ModuleMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: level });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (__, column) => modules.get(row, column) === 1),
  );
}

describe('QR reading used by the print tests', () => {
  const text = '20606433094|01|F001|3|180.00|1180.00|2024-11-25|6|20415932376|';

  it.each(['L', 'M', 'Q', 'H'] as const)('tells error correction level %s', (level) => {
    const matrix = matrixOf(text, level);
    expect(errorCorrectionLevel(matrix)).toBe(level);
    expect(decodeQr(matrix)).toBe(text);
  });

  it('reads nothing where no code is drawn', () => {
    const blank = matrixOf(text, 'Q').map((row) => row.map(() => false));
    expect(decodeQr(blank)).toBeNull();
  });
});
