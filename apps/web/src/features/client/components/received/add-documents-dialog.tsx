import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReceivedItem } from '@sufel/contract';
import { useId, useRef, useState, type DragEvent } from 'react';
import { PhoneAwareDialog } from '../../../../components/dialogs/phone-aware-dialog';
import { FormError } from '../../../../components/form/form-error';
import { useI18n } from '../../../../i18n/i18n-provider';
import { useErrorMessage } from '../../../../lib/use-error-message';
import { useAddReceivedDocuments } from '../../api/add-received-documents';
import { FileOutcome } from '../file-outcome';

const ACCEPTED = /\.(xml|zip)$/i;

/** Wide enough for a file name and its reason on one line. */
const DESKTOP_PAPER = { width: 'min(720px, 80vw)' } as const;

function AddDocumentsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [skipped, setSkipped] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const [sent, setSent] = useState(0);
  const upload = useAddReceivedDocuments(setSent);
  const result = upload.data?.items;

  const choose = (chosen: FileList | null) => {
    const list = [...(chosen ?? [])];
    upload.reset();
    setFiles((before) => [
      ...(result === undefined ? before : []),
      ...list.filter((file) => ACCEPTED.test(file.name)),
    ]);
    setSkipped(list.filter((file) => !ACCEPTED.test(file.name)).map((file) => file.name));
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files);
  };
  const send = () => {
    setSent(0);
    upload.mutate(files, { onSuccess: () => setFiles([]) });
  };
  const percent = Math.round(sent * 100);
  const count = (state: ReceivedItem['estado']) =>
    result?.filter((item) => item.estado === state).length ?? 0;

  return (
    <PhoneAwareDialog onClose={onClose} labelledBy={titleId} desktopPaper={DESKTOP_PAPER}>
      <DialogTitle id={titleId}>{t.receivedUpload.title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t.receivedUpload.help}
        </Typography>
        <input
          ref={input}
          type="file"
          multiple
          accept=".xml,.zip,application/xml,text/xml,application/zip"
          hidden
          data-testid="received-files"
          onChange={(event) => {
            choose(event.target.files);
            event.target.value = '';
          }}
        />
        <Box
          onDragEnter={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragOver={(event) => event.preventDefault()}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          data-testid="received-drop-zone"
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragging ? 'primary.main' : 'divider',
            bgcolor: dragging ? 'action.hover' : 'transparent',
            borderRadius: 1,
            p: 3,
            display: 'grid',
            justifyItems: 'center',
            gap: 1,
            textAlign: 'center',
          }}
        >
          <UploadFileIcon color="action" fontSize="large" aria-hidden />
          <Typography variant="body2">{t.receivedUpload.drop}</Typography>
          <Button
            variant="outlined"
            disabled={upload.isPending}
            onClick={() => input.current?.click()}
          >
            {t.receivedUpload.choose}
          </Button>
        </Box>
        {skipped.length > 0 && (
          <Typography variant="body2" color="error" sx={{ mt: 1 }}>
            {t.receivedUpload.skipped(skipped.join(', '))}
          </Typography>
        )}
        {files.length > 0 && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="subtitle2" component="h3">
              {t.receivedUpload.chosen(files.length)}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {files.map((file, index) => (
                <Typography component="li" variant="body2" key={`${index}-${file.name}`}>
                  {file.name}
                </Typography>
              ))}
            </Box>
          </Box>
        )}
        {upload.isPending && (
          <Stack spacing={0.5} sx={{ mt: 2 }} role="status">
            <Typography variant="body2">
              {percent < 100 ? t.receivedUpload.sending(percent) : t.receivedUpload.reading}
            </Typography>
            <LinearProgress
              variant={percent < 100 ? 'determinate' : 'indeterminate'}
              value={percent}
              aria-label={t.receivedUpload.sending(percent)}
            />
          </Stack>
        )}
        <FormError message={upload.isError ? errorMessage(upload.error) : null} />
        {result !== undefined && (
          <Box sx={{ mt: 2 }} role="status">
            <Typography variant="subtitle2" component="h3">
              {t.receivedUpload.summary(count('agregado'), count('duplicado'), count('rechazado'))}
            </Typography>
            <Stack component="ul" spacing={0.75} sx={{ m: 0, mt: 1, p: 0, listStyle: 'none' }}>
              {result.map((item, index) => (
                <FileOutcome key={`${index}-${item.archivo}`} file={item} />
              ))}
            </Stack>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.receivedUpload.close}</Button>
        <Button
          variant="contained"
          disabled={files.length === 0}
          loading={upload.isPending}
          onClick={send}
        >
          {t.receivedUpload.add}
        </Button>
      </DialogActions>
    </PhoneAwareDialog>
  );
}

/** "Agregar comprobantes": the receiver adds the XML and ZIP files its suppliers sent it. */
export function AddDocumentsButton() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        {t.receivedUpload.open}
      </Button>
      {open && <AddDocumentsDialog onClose={() => setOpen(false)} />}
    </>
  );
}
