import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { ThemeProvider } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { DocumentProofInput } from '@sufel/contract';
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Spinner } from '../../../components/spinner/spinner';
import { theme } from '../../../components/theme/theme';
import '../../../i18n/es-qr';
import { useI18n } from '../../../i18n/i18n-provider';
import { CameraError, openCamera, stopCamera, type CameraProblem } from './camera';
import { decodeQr } from './decode-qr';
import { proofFromQr } from './qr-proof';
import { readImageFile } from './read-image-file';
import { scanVideo } from './video-frames';

type CameraState = 'starting' | 'live' | CameraProblem;
type Notice = 'unreadable' | 'notSunat' | 'imageFailed';

interface QrScannerDialogProps {
  onClose: () => void;
  /** Called with the consultation the first SUNAT QR read describes. */
  onProof: (proof: DocumentProofInput) => void;
}

/**
 * Reads the SUNAT QR of a document from the camera or from a photo. Mounted
 * while open: the camera runs exactly as long as the dialog shows.
 */
export function QrScannerDialog({ onClose, onProof }: QrScannerDialogProps) {
  const { t } = useI18n();
  const titleId = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [camera, setCamera] = useState<CameraState>('starting');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [reading, setReading] = useState(false);

  const onProofRef = useRef(onProof);
  useEffect(() => {
    onProofRef.current = onProof;
  }, [onProof]);

  /** Hands over the QR's consultation; false when the QR is not a SUNAT document's. */
  const accept = useCallback((text: string): boolean => {
    const proof = proofFromQr(text);
    if (proof === null) {
      setNotice('notSunat');
      return false;
    }
    onProofRef.current(proof);
    return true;
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    let stream: MediaStream | null = null;

    const start = async () => {
      const opened = await openCamera();
      if (controller.signal.aborted) return stopCamera(opened);
      stream = opened;
      const video = videoRef.current;
      if (video === null) return;
      video.srcObject = opened;
      await video.play();
      setCamera('live');
      // The first SUNAT QR ends the scan, so one document is consulted once.
      await scanVideo(
        video,
        (text) => {
          if (accept(text)) controller.abort();
        },
        controller.signal,
      );
    };
    start().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      if (error instanceof CameraError && error.problem !== 'failed') {
        setCamera(error.problem);
      } else {
        console.error('The camera could not be used to scan:', error);
        setCamera('failed');
      }
    });

    return () => {
      controller.abort();
      if (stream) stopCamera(stream);
    };
  }, [accept]);

  const readPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setNotice(null);
    setReading(true);
    try {
      const text = await decodeQr(await readImageFile(file));
      if (text === null) setNotice('unreadable');
      else accept(text);
    } catch (error) {
      console.warn('The chosen image could not be read:', error);
      setNotice('imageFailed');
    } finally {
      setReading(false);
    }
  };

  const cameraMessage =
    camera === 'unavailable'
      ? t.qr.noCamera
      : camera === 'denied'
        ? t.qr.permissionDenied
        : camera === 'failed'
          ? t.qr.cameraFailed
          : null;

  // The login page around it is built without MUI, so the dialog brings its theme along.
  return (
    <ThemeProvider theme={theme}>
      <Dialog open onClose={onClose} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t.qr.title}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          {cameraMessage === null ? (
            <>
              <Box
                sx={{
                  position: 'relative',
                  width: { xs: '100%', sm: 400 },
                  maxWidth: '100%',
                  aspectRatio: '4 / 3',
                  bgcolor: 'grey.900',
                  borderRadius: 1,
                  overflow: 'hidden',
                }}
              >
                <video
                  ref={videoRef}
                  aria-label={t.qr.video}
                  muted
                  playsInline
                  style={{ width: '100%', height: '100%', objectFit: 'cover' }}
                />
                {camera === 'starting' && (
                  <Box
                    role="status"
                    sx={{
                      position: 'absolute',
                      inset: 0,
                      display: 'flex',
                      flexDirection: 'column',
                      alignItems: 'center',
                      justifyContent: 'center',
                      gap: 1,
                      color: 'common.white',
                    }}
                  >
                    <Spinner diameter={40} />
                    <Typography variant="body2">{t.qr.startingCamera}</Typography>
                  </Box>
                )}
              </Box>
              <Typography variant="body2">{t.qr.instructions}</Typography>
            </>
          ) : (
            <Alert severity="info">{cameraMessage}</Alert>
          )}
          {notice !== null && <Alert severity="warning">{t.qr[notice]}</Alert>}
          {reading && (
            <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Spinner diameter={24} />
              <Typography variant="body2">{t.qr.reading}</Typography>
            </Box>
          )}
        </DialogContent>
        {/* One row, also on a phone. A real button opens the file picker: without a camera
            it is the only way on, so Enter and Space must work on it. It is never disabled
            while an image is read, which would drop the keyboard's focus out of the dialog. */}
        <DialogActions sx={{ gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
          <Button onClick={onClose} sx={{ flexShrink: 0 }}>
            {t.common.cancel}
          </Button>
          <Button
            variant={cameraMessage === null ? 'outlined' : 'contained'}
            startIcon={<PhotoCamera />}
            aria-disabled={reading}
            onClick={() => {
              if (!reading) fileInput.current?.click();
            }}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t.qr.upload}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            hidden
            tabIndex={-1}
            onChange={(event) => void readPhoto(event)}
          />
        </DialogActions>
      </Dialog>
    </ThemeProvider>
  );
}
