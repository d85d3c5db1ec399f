import type { DocumentProofInput } from '@sufel/contract';
import { parseSunatQr } from '@sufel/ubl/qr';

/** The consultation a SUNAT QR describes, or null when the QR is not one SUFEL can look up. */
export function proofFromQr(text: string): DocumentProofInput | null {
  const qr = parseSunatQr(text);
  if (qr === null) return null;
  return {
    emisor: qr.ruc,
    tipo: qr.tipo,
    documento: `${qr.serie}-${qr.numero}`,
    fecha: qr.fecha,
    total: qr.total,
  };
}
