import { printedSeriesNumber, type DocumentDto } from '@sufel/contract';
import { documentLabel } from '../../../../components/document-sheet/document-type-text';
import type { Messages } from '../../../../i18n/es';

/** As the issuer printed it: FB99-00230. */
export const seriesNumber = (doc: DocumentDto) => printedSeriesNumber(doc);

/** "Factura F001-1000": how lists and their buttons name a document. */
export const documentName = (t: Messages, doc: DocumentDto) =>
  `${documentLabel(t, doc.tipo)} ${seriesNumber(doc)}`;
