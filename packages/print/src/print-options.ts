import type { Verdict } from '@sufel/contract';

/** SUNAT's (or an OSE's) answer to the document, as read from its CDR. */
export interface SunatAnswer {
  /** cbc:ResponseCode ("0" accepted, ≥ 4000 accepted with observations). */
  code: string;
  description: string;
  /** Observations the answer carries ("4252 - …"), printed one per line. */
  observations?: readonly string[];
}

/** What the printed representation needs besides the UBL document itself. */
export interface PrintOptions {
  /**
   * Text of SUNAT's QR code (SPEC §5): `RUC|tipo|serie|número|IGV|total|fecha|
   * tipo doc adquirente|número doc adquirente|`, optionally followed by the
   * digest value. Drawn with error correction level Q.
   */
  qrText: string;
  /** The document was voided: every page carries a red "ANULADO" watermark. */
  voided?: boolean;
  /** SUNAT's answer, printed beside the QR code when known. */
  sunat?: SunatAnswer | null;
  /** The portal's verdict on the document, printed in words in every page's footer. */
  verdict?: Verdict;
  /** Address where the receiver can look the document up, printed beside the QR code. */
  consultUrl?: string | null;
  /** Name of the portal, printed in words (no address) when there is no `consultUrl`. */
  portalName?: string | null;
  /** Pages the PDF may have at most (default `PRINT_LIMITS.pages`); the last line says when it was cut. */
  maxPages?: number;
}

/** Refuses options the printed document cannot honour, with a message naming the field. */
export function assertPrintOptions(options: PrintOptions): void {
  if (typeof options.qrText !== 'string' || options.qrText.trim() === '') {
    throw new TypeError('PrintOptions.qrText must be the non-empty text of the SUNAT QR code');
  }
  if (options.sunat && options.sunat.code.trim() === '') {
    throw new TypeError('PrintOptions.sunat.code must not be empty when an answer is given');
  }
}
