import AddIcon from '@mui/icons-material/Add';
import Fab from '@mui/material/Fab';
import { useEffect } from 'react';
import {
  DocumentLoading,
  PublishedDocument,
  useDownloadFeedback,
} from '../../../components/document-sheet/published-document';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import '../../../i18n/es-document';
import { useI18n } from '../../../i18n/i18n-provider';
import { isHttpError } from '../../../lib/http-error';
import { getDocumentFile, useDownloadDocumentFile } from '../api/download-document-file';
import { useEndConsultation } from '../api/end-consultation';
import { useDocumentDetail } from '../api/get-document-detail';
import { useDocumentInfo } from '../api/get-document-info';

const loadPdf = () => getDocumentFile('pdf');

/** The consulted document, its downloads, and the way out to a new consultation. */
export function DocumentView({ onEnded }: { onEnded: () => void }) {
  const { t } = useI18n();
  const snackbar = useSnackbar();
  const info = useDocumentInfo();
  const detail = useDocumentDetail();
  const { mutate: end, isPending: ending } = useEndConsultation({ onSettled: onEnded });
  const download = useDownloadDocumentFile(useDownloadFeedback());

  const loadFailed = info.isError && !isHttpError(info.error, 401);
  useEffect(() => {
    // Without its document a consultation is useless: end it and go back to the form.
    if (!loadFailed) return;
    snackbar.show({
      message: t.documentView.loadFailed,
      action: t.common.accept,
      severity: 'error',
    });
    end();
  }, [loadFailed, end, snackbar, t]);

  if (info.data === undefined) return <DocumentLoading />;

  const doc = info.data;
  return (
    <>
      <PublishedDocument
        doc={doc}
        detail={detail.data}
        detailFailed={detail.isError}
        pendingDownload={download.isPending ? (download.variables?.type ?? null) : null}
        onDownload={(type) => download.mutate({ doc, type })}
        loadPdf={loadPdf}
      />
      <Fab
        variant="extended"
        color="primary"
        disabled={ending}
        onClick={() => end()}
        sx={{ position: 'fixed', right: { xs: 16, sm: 24 }, bottom: { xs: 16, sm: 24 } }}
      >
        <AddIcon sx={{ mr: 1 }} />
        {t.documentView.newConsultation}
      </Fab>
    </>
  );
}
