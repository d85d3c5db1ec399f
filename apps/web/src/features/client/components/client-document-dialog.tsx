import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { isCheckableType } from '@sufel/contract';
import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { PhoneAwareDialog } from '../../../components/dialogs/phone-aware-dialog';
import { sheetLabelIds } from '../../../components/document-sheet/document-sheet';
import {
  PDF_PREVIEW_PAPER,
  PdfPreview,
} from '../../../components/document-sheet/pdf-preview-dialog';
import {
  DocumentLoading,
  pdfPreviewOf,
  PublishedDocument,
  useDownloadFeedback,
} from '../../../components/document-sheet/published-document';
import { useI18n } from '../../../i18n/i18n-provider';
import { isHttpError } from '../../../lib/http-error';
import { useErrorMessage } from '../../../lib/use-error-message';
import { getClientDocumentFile, useDownloadClientFile } from '../api/download-client-file';
import { useClientDocument } from '../api/get-client-document';
import { useClientDocumentDetail } from '../api/get-client-document-detail';
import { CheckDocumentButton } from '../sunat/check-document-button';
import type { DocumentSteps } from './dashboard/document-steps';
import { RemoveDocumentButton } from './received/remove-document-button';

const DOCUMENT_PAPER = { width: '80vw' } as const;

/** Arrow keys move through the list, except where they already mean something (text, lists, sliders). */
function movesThroughList(event: KeyboardEvent<HTMLElement>): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  const target = event.target as HTMLElement;
  return target.closest('input, textarea, select, [role="listbox"], [role="slider"]') === null;
}

/**
 * One of the receiver's documents over the dashboard, so closing it returns to
 * the same filter and page. Full screen on phones. Its PDF shows in its place
 * (Escape or "Volver al comprobante" return to it) rather than in a
 * second dialog on top. The dialog is named after the document once it has
 * loaded ("FACTURA ELECTRÓNICA F001-3"). A copy the account added itself can
 * be removed from here.
 */
export function ClientDocumentDialog({
  id,
  onClose,
  steps = { previous: null, next: null },
}: {
  id: number;
  onClose: () => void;
  /** Previous and next in the list behind it. */
  steps?: DocumentSteps;
}) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const info = useClientDocument(id);
  const detail = useClientDocumentDetail(id);
  const download = useDownloadClientFile(useDownloadFeedback());
  const loadPdf = useCallback(() => getClientDocumentFile(id, 'pdf'), [id]);
  const labelPrefix = useId();
  const fallbackLabelId = useId();
  const previewTitleId = useId();
  const [previewing, setPreviewing] = useState(false);
  const previewButton = useRef<HTMLElement | null>(null);

  const doc = info.data;
  const backToDocument = () => {
    setPreviewing(false);
    // The document stayed in place, scrolled where it was; focus returns to what opened the PDF.
    requestAnimationFrame(() => previewButton.current?.focus());
  };
  const labelledBy = previewing
    ? previewTitleId
    : doc === undefined
      ? fallbackLabelId
      : sheetLabelIds(labelPrefix).both;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (previewing || !movesThroughList(event)) return;
    const step =
      event.key === 'ArrowLeft' ? steps.previous : event.key === 'ArrowRight' ? steps.next : null;
    if (step === null) return;
    event.preventDefault();
    step();
  };

  return (
    <PhoneAwareDialog
      onKeyDown={onKeyDown}
      onClose={previewing ? backToDocument : onClose}
      labelledBy={labelledBy}
      desktopPaper={previewing ? PDF_PREVIEW_PAPER : DOCUMENT_PAPER}
    >
      {previewing && doc !== undefined && (
        <PdfPreview
          {...pdfPreviewOf(t, doc)}
          loadPdf={loadPdf}
          onDownloadXml={() => download.mutate({ doc, type: 'xml' })}
          onClose={backToDocument}
          closeLabel={t.pdfPreview.back}
        />
      )}
      <Box sx={{ display: previewing ? 'none' : 'contents' }}>
        <DialogContent sx={{ p: 0 }}>
          {doc === undefined && (
            <span id={fallbackLabelId} className="visually-hidden">
              {t.dashboard.viewDocument}
            </span>
          )}
          {info.isError ? (
            <Alert severity="warning" sx={{ m: 2 }}>
              {isHttpError(info.error, 404) ? t.clientDocument.notFound : errorMessage(info.error)}
            </Alert>
          ) : doc === undefined ? (
            <DocumentLoading />
          ) : (
            <>
              {doc.copia_distinta === true && (
                <Alert severity="info" sx={{ m: 2, mb: 0 }}>
                  {t.documentOrigin.differs}
                </Alert>
              )}
              <PublishedDocument
                doc={doc}
                detail={detail}
                download={download}
                loadPdf={loadPdf}
                onPreview={(button) => {
                  previewButton.current = button;
                  setPreviewing(true);
                }}
                validityAction={
                  isCheckableType(doc.tipo) ? <CheckDocumentButton id={doc.id} /> : undefined
                }
                labelPrefix={labelPrefix}
                bare
              />
            </>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {doc !== undefined && (
            <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto', px: 1 }}>
              {t.documentOrigin.label}: {t.documentOrigin[doc.origen]}
            </Typography>
          )}
          {doc !== undefined && doc.origen !== 'emisor' && (
            <RemoveDocumentButton doc={doc} onRemoved={onClose} />
          )}
          {(steps.previous !== null || steps.next !== null) && (
            <Box role="group" aria-label={t.clientDocument.steps} sx={{ display: 'flex', gap: 1 }}>
              <Button
                startIcon={<ChevronLeft />}
                disabled={steps.previous === null}
                onClick={() => steps.previous?.()}
                aria-keyshortcuts="ArrowLeft"
              >
                {t.clientDocument.previous}
              </Button>
              <Button
                endIcon={<ChevronRight />}
                disabled={steps.next === null}
                onClick={() => steps.next?.()}
                aria-keyshortcuts="ArrowRight"
              >
                {t.clientDocument.next}
              </Button>
            </Box>
          )}
          <Button onClick={onClose}>{t.clientDocument.close}</Button>
        </DialogActions>
      </Box>
    </PhoneAwareDialog>
  );
}
