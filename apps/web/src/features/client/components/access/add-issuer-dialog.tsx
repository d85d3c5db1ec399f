import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { PhoneAwareDialog } from '../../../../components/dialogs/phone-aware-dialog';
import { useI18n } from '../../../../i18n/i18n-provider';
import { AddIssuerForm } from './add-issuer-form';

const DESKTOP_PAPER = { width: 520 };

/** "Agregar emisor" over the documents, which show the new issuer's once it is added. */
export function AddIssuerDialog({
  onAdded,
  onClose,
}: {
  onAdded: (message: string) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const titleId = useId();
  return (
    <PhoneAwareDialog onClose={onClose} labelledBy={titleId} desktopPaper={DESKTOP_PAPER}>
      <DialogTitle id={titleId}>{t.addIssuer.title}</DialogTitle>
      <DialogContent>
        <AddIssuerForm onAdded={onAdded} onCancel={onClose} />
      </DialogContent>
    </PhoneAwareDialog>
  );
}
