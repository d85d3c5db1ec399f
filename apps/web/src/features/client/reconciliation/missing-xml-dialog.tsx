import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { PhoneAwareDialog } from '../../../components/dialogs/phone-aware-dialog';
import { FormError } from '../../../components/form/form-error';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { useI18n } from '../../../i18n/i18n-provider';
import { useErrorMessage } from '../../../lib/use-error-message';
import { missingXmlQuery } from './reconciliation-api';

/** "Pedir XML al proveedor": the rows without XML by supplier, each with its message ready to send. */
export function MissingXmlDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useI18n();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const titleId = useId();
  const missing = useQuery(missingXmlQuery(id));
  const copy = (text: string) =>
    navigator.clipboard.writeText(text).then(
      () => snackbar.show({ message: t.reconciliation.copied, action: t.common.accept }),
      () => snackbar.show({ message: t.inbox.copyFailed, action: t.common.accept }),
    );
  const suppliers = missing.data?.proveedores ?? [];
  return (
    <PhoneAwareDialog onClose={onClose} labelledBy={titleId} desktopPaper={{ width: 720 }}>
      <DialogTitle id={titleId}>{t.reconciliation.askXmlTitle}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t.reconciliation.askXmlHelp}
        </Typography>
        {missing.isPending && <Skeleton variant="rounded" height={160} />}
        <FormError message={missing.isError ? errorMessage(missing.error) : null} />
        {missing.isSuccess && suppliers.length === 0 && (
          <Typography>{t.reconciliation.noMissing}</Typography>
        )}
        <Stack spacing={3}>
          {suppliers.map((supplier) => (
            <Stack key={supplier.ruc} component="section" spacing={1}>
              <Typography component="h3" variant="subtitle1">
                {supplier.nombre} · RUC {supplier.ruc} ·{' '}
                {t.reconciliation.documents(supplier.documentos.length)}
              </Typography>
              <TextField
                value={supplier.mensaje}
                multiline
                minRows={4}
                maxRows={12}
                fullWidth
                slotProps={{
                  htmlInput: { readOnly: true, 'aria-label': `${supplier.nombre} ${supplier.ruc}` },
                }}
              />
              <Button sx={{ alignSelf: 'start' }} onClick={() => void copy(supplier.mensaje)}>
                {t.reconciliation.copy}
              </Button>
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.reconciliation.close}</Button>
      </DialogActions>
    </PhoneAwareDialog>
  );
}
