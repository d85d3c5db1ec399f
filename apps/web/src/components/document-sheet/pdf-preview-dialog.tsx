import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import '../../i18n/es-document';
import { useI18n } from '../../i18n/i18n-provider';
import { useErrorMessage } from '../../lib/use-error-message';
import { PhoneAwareDialog } from '../dialogs/phone-aware-dialog';
import { Spinner } from '../spinner/spinner';
import { canShowPdfInFrame, renderFirstPage } from './pdf-first-page';

type Preview =
  | { state: 'loading' }
  | { state: 'ready'; pdf: Blob; url: string }
  | { state: 'failed'; error: unknown };

/** Fetches the PDF into an object URL that lives exactly as long as the dialog. */
function usePdfUrl(loadPdf: () => Promise<Blob>): Preview {
  const [preview, setPreview] = useState<Preview>({ state: 'loading' });
  useEffect(() => {
    let url: string | undefined;
    let cancelled = false;
    loadPdf().then(
      (blob) => {
        if (cancelled) return;
        const pdf =
          blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
        url = URL.createObjectURL(pdf);
        setPreview({ state: 'ready', pdf, url });
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

type PageImage = { state: 'rendering' } | { state: 'ready'; url: string } | { state: 'failed' };

/** The first page drawn as an image, for browsers that cannot show the PDF in a frame. */
function useFirstPageImage(pdf: Blob | undefined): PageImage {
  const [image, setImage] = useState<PageImage>({ state: 'rendering' });
  useEffect(() => {
    if (pdf === undefined) return;
    let url: string | undefined;
    let cancelled = false;
    renderFirstPage(pdf, Math.min(window.innerWidth, 1000)).then(
      (png) => {
        if (cancelled) return;
        url = URL.createObjectURL(png);
        setImage({ state: 'ready', url });
      },
      (error: unknown) => {
        console.warn('The first page of the PDF could not be drawn:', error);
        if (!cancelled) setImage({ state: 'failed' });
      },
    );
    return () => {
      cancelled = true;
      if (url !== undefined) URL.revokeObjectURL(url);
    };
  }, [pdf]);
  return image;
}

function FirstPage({ pdf, title }: { pdf: Blob; title: string }) {
  const { t } = useI18n();
  const image = useFirstPageImage(pdf);
  if (image.state === 'rendering') {
    return (
      <Box role="status" sx={{ m: 'auto', py: 6 }}>
        <Spinner label={t.pdfPreview.loading} />
      </Box>
    );
  }
  if (image.state === 'failed') {
    return (
      <Alert severity="info" sx={{ m: 2 }}>
        {t.pdfPreview.cannotShow}
      </Alert>
    );
  }
  return (
    <>
      <Alert severity="info" sx={{ borderRadius: 0 }}>
        {t.pdfPreview.firstPageOnly}
      </Alert>
      <Box sx={{ overflow: 'auto', bgcolor: 'grey.200', p: 1 }}>
        <Box
          component="img"
          src={image.url}
          alt={t.pdfPreview.firstPage(title)}
          sx={{ display: 'block', width: '100%', height: 'auto', bgcolor: 'common.white' }}
        />
      </Box>
    </>
  );
}

interface PdfPreviewProps {
  /** What the preview is titled, e.g. "Factura F001-3". */
  title: string;
  /** The name the PDF is saved under. */
  fileName: string;
  loadPdf: () => Promise<Blob>;
  /** Downloads the XML, which keeps the whole document when the PDF cannot be shown. */
  onDownloadXml: () => void;
  onClose: () => void;
  /** What the closing button says: "Cerrar", or where it returns to. */
  closeLabel?: string;
}

/** The paper a preview needs away from phones: most of the screen. */
export const PDF_PREVIEW_PAPER = {
  width: '90vw',
  maxWidth: 1000,
  height: '90vh',
  maxHeight: '90vh',
} as const;

/**
 * The printed representation, for inside a dialog: in a frame where the
 * browser draws PDFs, else its first page as an image; the file can always be
 * saved. A dialog that already shows the document shows this in its place.
 */
export function PdfPreview({
  title,
  fileName,
  loadPdf,
  onDownloadXml,
  onClose,
  closeLabel,
}: PdfPreviewProps) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const preview = usePdfUrl(loadPdf);
  const [framed] = useState(() => canShowPdfInFrame());

  return (
    <>
      <DialogTitle>{t.pdfPreview.title(title)}</DialogTitle>
      <DialogContent dividers sx={{ p: 0, display: 'flex', flexDirection: 'column' }}>
        {preview.state === 'loading' && (
          <Box role="status" sx={{ m: 'auto', py: 6 }}>
            <Spinner label={t.pdfPreview.loading} />
          </Box>
        )}
        {preview.state === 'failed' && (
          <Alert
            severity="warning"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={onDownloadXml}>
                {t.pdfPreview.downloadXml}
              </Button>
            }
          >
            {errorMessage(preview.error)}
          </Alert>
        )}
        {preview.state === 'ready' && !framed && <FirstPage pdf={preview.pdf} title={title} />}
        {preview.state === 'ready' && framed && (
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
            {framed && (
              <Button href={preview.url} target="_blank" rel="noopener">
                {t.pdfPreview.openInTab}
              </Button>
            )}
            <Button href={preview.url} download={fileName} variant={framed ? 'text' : 'contained'}>
              {t.pdfPreview.save}
            </Button>
          </>
        )}
        <Button variant={framed ? 'contained' : 'outlined'} onClick={onClose}>
          {closeLabel ?? t.pdfPreview.close}
        </Button>
      </DialogActions>
    </>
  );
}

/** The printed representation in a dialog of its own, over the page that opened it. */
export function PdfPreviewDialog(props: PdfPreviewProps) {
  return (
    <PhoneAwareDialog onClose={props.onClose} desktopPaper={PDF_PREVIEW_PAPER}>
      <PdfPreview {...props} />
    </PhoneAwareDialog>
  );
}
