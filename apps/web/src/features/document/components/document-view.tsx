import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useId } from 'react';
import { sheetLabelIds } from '../../../components/document-sheet/document-sheet';
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
import { consultedProof } from '../session/consulted-proof';

const loadPdf = () => getDocumentFile('pdf');

/**
 * The consulted document, its downloads, and the way out to a new consultation:
 * above the document rather than floating, where it would cover amounts and the footer.
 */
export function DocumentView({ onEnded }: { onEnded: () => void }) {
  const { t } = useI18n();
  const snackbar = useSnackbar();
  const info = useDocumentInfo();
  const detail = useDocumentDetail();
  const { mutate: end, isPending: ending } = useEndConsultation({ onSettled: onEnded });
  const download = useDownloadDocumentFile(useDownloadFeedback());

  const labelPrefix = useId();
  const loaded = info.data !== undefined;
  useEffect(() => {
    // The form that opened the document is gone: focus goes to what replaced it, not to the page.
    if (loaded) document.getElementById(sheetLabelIds(labelPrefix).title)?.focus();
  }, [loaded, labelPrefix]);

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

  // A new consultation starts from an empty form.
  const startOver = () => {
    consultedProof.clear();
    end();
  };

  const doc = info.data;
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: { xs: 1, sm: 1.5 } }}>
        <Button variant="outlined" startIcon={<AddIcon />} disabled={ending} onClick={startOver}>
          {t.documentView.newConsultation}
        </Button>
      </Box>
      <PublishedDocument
        doc={doc}
        detail={detail}
        download={download}
        loadPdf={loadPdf}
        labelPrefix={labelPrefix}
      />
    </>
  );
}
