import { printedSeriesNumber, type DocumentDto } from '@sufel/contract';
import { documentLabel } from '../../../../components/document-sheet/document-type-text';
import type { Messages } from '../../../../i18n/es';

/** What names a document in a list: its type, series and number (as printed, when known). */
type NamedDocument = Pick<DocumentDto, 'tipo' | 'serie' | 'correlativo' | 'correlativo_impreso'>;

/** As the issuer printed it: FB99-00230. */
export const seriesNumber = (doc: NamedDocument) => printedSeriesNumber(doc);

/** "Factura F001-1000": how lists and their buttons name a document. */
export const documentName = (t: Messages, doc: NamedDocument) =>
  `${documentLabel(t, doc.tipo)} ${seriesNumber(doc)}`;
