import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import {
  documentFileName,
  printedSeriesNumber,
  type DocumentDetail,
  type DocumentDto,
  type FileType,
} from '@sufel/contract';
import { useState, type ReactNode } from 'react';
import type { Messages } from '../../i18n/es';
import '../../i18n/es-document';
import { useI18n } from '../../i18n/i18n-provider';
import { useErrorMessage } from '../../lib/use-error-message';
import { ValiditySection } from '../document-status/validity-status';
import { useSnackbar } from '../snackbar/snackbar-context';
import { Spinner } from '../spinner/spinner';
import { DocumentDetailPanel } from './document-detail-panel';
import { DocumentSheet } from './document-sheet';
import { documentLabel } from './document-type-text';
import { DownloadButtons, fileLabel } from './download-buttons';
import { PdfPreviewDialog } from './pdf-preview-dialog';

/** The preview's title and the name its PDF is saved under. */
export function pdfPreviewOf(t: Messages, doc: DocumentDto): { title: string; fileName: string } {
  return {
    title: `${documentLabel(t, doc.tipo)} ${printedSeriesNumber(doc)}`,
    fileName: documentFileName(doc, 'pdf'),
  };
}

/** While a document loads. */
export function DocumentLoading() {
  const { t } = useI18n();
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <Spinner label={t.common.loading} />
    </Box>
  );
}

/** A download of one of a document's files, as its mutation hook gives it. */
export interface FileDownload {
  isPending: boolean;
  variables?: { type: FileType } | undefined;
  mutate: (request: { doc: DocumentDto; type: FileType }) => void;
}

interface PublishedDocumentProps {
  doc: DocumentDto;
  /** The document's detail, as its query gives it. */
  detail: { data?: DocumentDetail | undefined; isError: boolean };
  download: FileDownload;
  /** Fetches the document's PDF, for the preview inside the page. */
  loadPdf: () => Promise<Blob>;
  /**
   * Shows the PDF preview in the place of the document, for a dialog, which
   * must not stack another dialog; without it the preview opens a dialog of its own.
   */
  onPreview?: (previewButton: HTMLElement) => void;
  /**
   * Asks SUNAT for the document's current state (the receiver's own
   * credentials): with it, that state shows even before it was ever asked.
   */
  validityAction?: ReactNode;
  /** Passed to `DocumentSheet`. */
  labelPrefix?: string;
  bare?: boolean;
}

/** A document with its downloads and its detail, wherever a receiver opens it. */
export function PublishedDocument({
  doc,
  detail: { data: detail, isError: detailFailed },
  download,
  loadPdf,
  onPreview,
  validityAction,
  labelPrefix,
  bare,
}: PublishedDocumentProps) {
  const { t } = useI18n();
  const [previewing, setPreviewing] = useState(false);
  const pendingDownload = download.isPending ? (download.variables?.type ?? null) : null;
  const onDownload = (type: FileType) => download.mutate({ doc, type });
  const validity = detail?.validity ?? null;
  return (
    <>
      <DocumentSheet
        doc={doc}
        dueDate={detail?.dueDate}
        issuerAddress={detail?.issuer.address}
        labelPrefix={labelPrefix}
        bare={bare}
        validity={
          validity !== null || validityAction !== undefined ? (
            <ValiditySection validity={validity} action={validityAction} />
          ) : undefined
        }
        actions={
          <>
            <Button
              variant="outlined"
              startIcon={<Visibility />}
              onClick={(event) =>
                onPreview ? onPreview(event.currentTarget) : setPreviewing(true)
              }
            >
              {t.documentView.viewPdf}
            </Button>
            <DownloadButtons cdr={doc.cdr} pending={pendingDownload} onDownload={onDownload} />
          </>
        }
      >
        <DocumentDetailPanel detail={detail} failed={detailFailed} />
      </DocumentSheet>
      {previewing && (
        <PdfPreviewDialog
          {...pdfPreviewOf(t, doc)}
          loadPdf={loadPdf}
          onDownloadXml={() => onDownload('xml')}
          onClose={() => setPreviewing(false)}
        />
      )}
    </>
  );
}

/** What a download shows: its progress, then nothing, or what went wrong. */
export function useDownloadFeedback() {
  const { t } = useI18n();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  return {
    onMutate: ({ type }: { type: FileType }) => {
      snackbar.show({ message: t.documentView.downloading(fileLabel(type)), progress: true });
    },
    onSuccess: () => snackbar.dismiss(),
    onError: (error: unknown) =>
      snackbar.show({ message: errorMessage(error), action: t.common.accept, severity: 'error' }),
  };
}
