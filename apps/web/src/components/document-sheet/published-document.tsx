import Box from '@mui/material/Box';
import type { DocumentDetail, DocumentDto, FileType } from '@sufel/contract';
import { useI18n } from '../../i18n/i18n-provider';
import { useErrorMessage } from '../../lib/use-error-message';
import { useSnackbar } from '../snackbar/snackbar-context';
import { Spinner } from '../spinner/spinner';
import { DocumentDetailPanel } from './document-detail-panel';
import { DocumentSheet } from './document-sheet';
import { DownloadButtons, fileLabel } from './download-buttons';

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
}

/** A document with its downloads and its detail, wherever a receiver opens it. */
export function PublishedDocument({
  doc,
  detail,
  detailFailed,
  pendingDownload,
  onDownload,
}: PublishedDocumentProps) {
  return (
    <DocumentSheet
      doc={doc}
      dueDate={detail?.dueDate}
      issuerAddress={detail?.issuer.address}
      actions={<DownloadButtons cdr={doc.cdr} pending={pendingDownload} onDownload={onDownload} />}
    >
      <DocumentDetailPanel detail={detail} failed={detailFailed} />
    </DocumentSheet>
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
      snackbar.show({ message: errorMessage(error), action: t.common.accept }),
  };
}
