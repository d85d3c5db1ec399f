import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { SELECTION_MAX } from '@sufel/contract';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from '../../../../components/snackbar/snackbar-context';
import { useI18n } from '../../../../i18n/i18n-provider';
import { useErrorMessage } from '../../../../lib/use-error-message';
import { exportClientDocuments } from '../../api/export-client-documents';
import type { Selection } from './use-selection';

/** The chosen documents: how many, one ZIP of them all, and a way to drop the choice. */
export function SelectionBar({ selection }: { selection: Selection }) {
  const { t } = useI18n();
  const texts = t.dashboard.selection;
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const download = useMutation({
    mutationFn: (ids: readonly number[]) =>
      exportClientDocuments({ filter: {}, format: 'zip', ids }),
    onSuccess: () => snackbar.show({ message: texts.done }),
  });
  if (selection.ids.size === 0) return null;

  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 1.5 }}>
      <Box
        role="region"
        aria-label={texts.count(selection.ids.size)}
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1,
          p: 1,
          borderRadius: 1,
          bgcolor: 'action.selected',
        }}
      >
        <Typography sx={{ fontWeight: 600, mr: 'auto' }} aria-live="polite">
          {texts.count(selection.ids.size)}
        </Typography>
        <Button
          variant="contained"
          startIcon={
            download.isPending ? <CircularProgress size={18} color="inherit" /> : <Download />
          }
          disabled={download.isPending}
          onClick={() => download.mutate([...selection.ids])}
        >
          {download.isPending ? texts.downloading : texts.download}
        </Button>
        <Button onClick={selection.clear}>{texts.clear}</Button>
      </Box>
      {selection.full && <Alert severity="info">{texts.limit(SELECTION_MAX)}</Alert>}
      {download.isError && (
        <Alert severity="error">
          {texts.failed} {errorMessage(download.error)}
        </Alert>
      )}
    </Box>
  );
}
