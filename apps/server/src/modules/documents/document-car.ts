import { carOf } from '@sufel/ubl';
import type { DocumentKey } from './documents.repository.js';

/** The CAR of a stored document, from its key columns. */
export function carOfDocument(key: DocumentKey): string {
  return carOf({ issuerRuc: key.emisor, type: key.tipo, series: key.serie, number: key.numero });
}
