import QRCode from 'qrcode';

/** The dark and light modules of a QR code symbol, row by row from the top left. */
export interface QrModules {
  size: number;
  isDark(row: number, column: number): boolean;
}

/** SUNAT asks for error correction level Q on printed documents (SPEC §5). */
export function sunatQrModules(text: string): QrModules {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'Q' });
  return {
    size: modules.size,
    isDark: (row, column) => modules.get(row, column) === 1,
  };
}
