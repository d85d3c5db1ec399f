import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { useErrorMessage } from '../../lib/use-error-message';
import { PhoneAwareDialog } from '../dialogs/phone-aware-dialog';
import { Spinner } from '../spinner/spinner';

type Preview =
  { state: 'loading' } | { state: 'ready'; url: string } | { state: 'failed'; error: unknown };

/** Fetches the PDF into an object URL that lives exactly as long as the dialog. */
function usePdfUrl(loadPdf: () => Promise<Blob>): Preview {
  const [preview, setPreview] = useState<Preview>({ state: 'loading' });
  useEffect(() => {
    let url: string | undefined;
    let cancelled = false;
    loadPdf().then(
      (blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(
          blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }),
        );
        setPreview({ state: 'ready', url });
      },
      (error: unknown) => {
        if (!cancelled) setPreview({ state: 'failed', error });
      },
    );
    return () => {
      cancelled = true;
      if (url !== undefined) URL.revokeObjectURL(url);
    };
  }, [loadPdf]);
  return preview;
}

interface PdfPreviewDialogProps {
  /** What the dialog is titled, e.g. "Factura F001-3". */
  title: string;
  /** The name the PDF is saved under. */
  fileName: string;
  loadPdf: () => Promise<Blob>;
  onClose: () => void;
}

/**
 * The printed representation inside the page. Phones' browsers often cannot
 * draw a PDF in a frame, so the file can also be opened in its own tab or saved.
 */
export function PdfPreviewDialog({ title, fileName, loadPdf, onClose }: PdfPreviewDialogProps) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const preview = usePdfUrl(loadPdf);

  return (
    <PhoneAwareDialog
      onClose={onClose}
      desktopPaper={{ width: '90vw', maxWidth: 1000, height: '90vh', maxHeight: '90vh' }}
    >
      <DialogTitle>{t.pdfPreview.title(title)}</DialogTitle>
      <DialogContent dividers sx={{ p: 0, display: 'flex', flexDirection: 'column' }}>
        {preview.state === 'loading' && (
          <Box role="status" sx={{ m: 'auto', py: 6 }}>
            <Spinner label={t.pdfPreview.loading} />
          </Box>
        )}
        {preview.state === 'failed' && (
          <Alert severity="warning" sx={{ m: 2 }}>
            {errorMessage(preview.error)}
          </Alert>
        )}
        {preview.state === 'ready' && (
          <Box
            component="iframe"
            title={t.pdfPreview.frame(title)}
            src={preview.url}
            sx={{ flex: 1, width: '100%', minHeight: '60vh', border: 0 }}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {preview.state === 'ready' && (
          <>
            <Button href={preview.url} target="_blank" rel="noopener">
              {t.pdfPreview.openInTab}
            </Button>
            <Button href={preview.url} download={fileName}>
              {t.pdfPreview.save}
            </Button>
          </>
        )}
        <Button variant="contained" onClick={onClose}>
          {t.pdfPreview.close}
        </Button>
      </DialogActions>
    </PhoneAwareDialog>
  );
}
