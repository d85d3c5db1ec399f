import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { InboxAttachment } from '@sufel/contract';
import { useI18n } from '../../../i18n/i18n-provider';

const COLORS = {
  agregado: 'success',
  duplicado: 'default',
  rechazado: 'error',
  omitido: 'default',
} as const;

/**
 * What became of one received file, an upload's or a mail attachment's: its
 * outcome as a chip, its name, and why when it was not added.
 */
export function FileOutcome({
  file,
}: {
  file: Pick<InboxAttachment, 'archivo' | 'estado' | 'motivo'>;
}) {
  const { t, translate } = useI18n();
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
      <Chip
        size="small"
        variant="outlined"
        color={COLORS[file.estado]}
        label={t.inbox.attachmentStates[file.estado]}
      />
      <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
        {file.archivo}
      </Typography>
      {file.motivo !== null && (
        <Typography variant="body2" color="text.secondary">
          {translate(file.motivo)}
        </Typography>
      )}
    </Box>
  );
}
