import FactCheck from '@mui/icons-material/FactCheck';
import Button from '@mui/material/Button';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { useI18n } from '../../../i18n/i18n-provider';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useCheckDocumentValidity } from '../api/check-document-validity';

/** Asks SUNAT now for one document's current state; the answer shows in the document. */
export function CheckDocumentButton({ id }: { id: number }) {
  const { t, translate } = useI18n();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const check = useCheckDocumentValidity({
    onSuccess: ({ message }) =>
      snackbar.show({ message: translate(message), action: t.common.accept }),
    onError: (error) =>
      snackbar.show({ message: errorMessage(error), action: t.common.accept, severity: 'error' }),
  });
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<FactCheck />}
      loading={check.isPending}
      loadingPosition="start"
      onClick={() => check.mutate(id)}
    >
      {t.validityCheck.checkNow}
    </Button>
  );
}
