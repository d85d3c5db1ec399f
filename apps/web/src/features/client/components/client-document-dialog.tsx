import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useCallback } from 'react';
import { PhoneAwareDialog } from '../../../components/dialogs/phone-aware-dialog';
import {
  DocumentLoading,
  PublishedDocument,
  useDownloadFeedback,
} from '../../../components/document-sheet/published-document';
import { useI18n } from '../../../i18n/i18n-provider';
import { isHttpError } from '../../../lib/http-error';
import { useErrorMessage } from '../../../lib/use-error-message';
import { getClientDocumentFile, useDownloadClientFile } from '../api/download-client-file';
import { useClientDocument } from '../api/get-client-document';
import { useClientDocumentDetail } from '../api/get-client-document-detail';

function ClientDocument({ id }: { id: number }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const info = useClientDocument(id);
  const detail = useClientDocumentDetail(id);
  const download = useDownloadClientFile(useDownloadFeedback());
  const loadPdf = useCallback(() => getClientDocumentFile(id, 'pdf'), [id]);

  if (info.isError) {
    return (
      <Alert severity="warning">
        {isHttpError(info.error, 404) ? t.clientDocument.notFound : errorMessage(info.error)}
      </Alert>
    );
  }
  if (info.data === undefined) return <DocumentLoading />;
  const doc = info.data;
  return (
    <PublishedDocument
      doc={doc}
      detail={detail.data}
      detailFailed={detail.isError}
      pendingDownload={download.isPending ? (download.variables?.type ?? null) : null}
      onDownload={(type) => download.mutate({ doc, type })}
      loadPdf={loadPdf}
    />
  );
}

/**
 * One of the receiver's documents over the dashboard, so closing it returns to
 * the same filter and page. Full screen on phones.
 */
export function ClientDocumentDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <PhoneAwareDialog
      onClose={onClose}
      label={t.dashboard.viewDocument}
      desktopPaper={{ width: '80vw' }}
    >
      <DialogContent sx={{ p: { xs: 1, sm: 2 }, bgcolor: 'background.default' }}>
        <ClientDocument id={id} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.clientDocument.close}</Button>
      </DialogActions>
    </PhoneAwareDialog>
  );
}
