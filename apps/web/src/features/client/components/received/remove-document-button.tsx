import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { DocumentDto } from '@sufel/contract';
import { useId, useState } from 'react';
import { documentLabel } from '../../../../components/document-sheet/document-type-text';
import { useSnackbar } from '../../../../components/snackbar/snackbar-context';
import { useI18n } from '../../../../i18n/i18n-provider';
import { useErrorMessage } from '../../../../lib/use-error-message';
import { useRemoveReceivedDocument } from '../../api/remove-received-document';

/**
 * "Quitar" for a copy the account uploaded or got by mail, asked for again in
 * a confirmation: removed, the document leaves the account's views at once
 * (SUFEL keeps it for the retention period before deleting it).
 */
export function RemoveDocumentButton({
  doc,
  onRemoved,
}: {
  doc: DocumentDto;
  onRemoved: () => void;
}) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const snackbar = useSnackbar();
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveReceivedDocument(doc.id);
  const titleId = useId();
  const textId = useId();
  const name = `${documentLabel(t, doc.tipo)} ${doc.serie}-${doc.correlativo}`;

  const close = () => {
    if (remove.isPending) return;
    setConfirming(false);
    remove.reset();
  };
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        snackbar.show({ message: t.removeDocument.removed(name), forNextScreen: true });
        onRemoved();
      },
    });

  return (
    <>
      <Button color="error" onClick={() => setConfirming(true)}>
        {t.removeDocument.action}
      </Button>
      <Dialog
        open={confirming}
        onClose={close}
        role="alertdialog"
        aria-labelledby={titleId}
        aria-describedby={textId}
      >
        <DialogTitle id={titleId}>{t.removeDocument.title(name)}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{t.removeDocument.explanation}</DialogContentText>
          {remove.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(remove.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={remove.isPending}>
            {t.common.cancel}
          </Button>
          <Button color="error" variant="contained" onClick={confirm} loading={remove.isPending}>
            {t.removeDocument.confirm}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
