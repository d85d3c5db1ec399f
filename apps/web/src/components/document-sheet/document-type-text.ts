import { isDocumentTypeCode } from '@sufel/contract';
import type { Messages } from '../../i18n/es';

/** The printed title of a document type ("FACTURA ELECTRÓNICA"), or its code when unknown. */
export function documentTitle(t: Messages, tipo: string): string {
  return isDocumentTypeCode(tipo) ? t.documentTypes[tipo].title : tipo;
}

export function documentLabel(t: Messages, tipo: string): string {
  return isDocumentTypeCode(tipo) ? t.documentTypes[tipo].label : tipo;
}

export function documentShortName(t: Messages, tipo: string): string {
  return isDocumentTypeCode(tipo) ? t.documentTypes[tipo].short : tipo;
}

/** "RUC 20415932376", "DNI 45288569", or the bare number when the type is unknown. */
export function customerDocument(t: Messages, type: string, number: string): string {
  const label = t.customerDocumentTypes[type];
  return label && number !== '-' ? `${label} ${number}` : number;
}
