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
import { useState } from 'react';
import '../../i18n/es-document';
import { useI18n } from '../../i18n/i18n-provider';
import { useErrorMessage } from '../../lib/use-error-message';
import { useSnackbar } from '../snackbar/snackbar-context';
import { Spinner } from '../spinner/spinner';
import { DocumentDetailPanel } from './document-detail-panel';
import { DocumentSheet } from './document-sheet';
import { documentLabel } from './document-type-text';
import { DownloadButtons, fileLabel } from './download-buttons';
import { PdfPreviewDialog } from './pdf-preview-dialog';

/** While a document loads. */
export function DocumentLoading() {
  const { t } = useI18n();
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <Spinner label={t.common.loading} />
    </Box>
  );
}

interface PublishedDocumentProps {
  doc: DocumentDto;
  detail: DocumentDetail | undefined;
  detailFailed: boolean;
  /** The file being downloaded, if any. */
  pendingDownload: FileType | null;
  onDownload: (type: FileType) => void;
  /** Fetches the document's PDF, for the preview inside the page. */
  loadPdf: () => Promise<Blob>;
}

/** A document with its downloads and its detail, wherever a receiver opens it. */
export function PublishedDocument({
  doc,
  detail,
  detailFailed,
  pendingDownload,
  onDownload,
  loadPdf,
}: PublishedDocumentProps) {
  const { t } = useI18n();
  const [previewing, setPreviewing] = useState(false);
  return (
    <>
      <DocumentSheet
        doc={doc}
        dueDate={detail?.dueDate}
        issuerAddress={detail?.issuer.address}
        sunat={detail?.sunat}
        actions={
          <>
            <Button
              variant="outlined"
              startIcon={<Visibility />}
              onClick={() => setPreviewing(true)}
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
          title={`${documentLabel(t, doc.tipo)} ${printedSeriesNumber(doc)}`}
          fileName={documentFileName(doc, 'pdf')}
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
