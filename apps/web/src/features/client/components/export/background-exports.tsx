import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { BackgroundExport } from '@sufel/contract';
import { useId } from 'react';
import { useI18n } from '../../../../i18n/i18n-provider';
import { backgroundExportHref, useBackgroundExports } from '../../api/background-exports';

/** What is still worth showing: being prepared, or done and not expired. */
function current(item: BackgroundExport, now: number): boolean {
  return item.vence === null || new Date(item.vence).getTime() > now;
}

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/**
 * The ZIP exports built in the background: their progress while they are
 * prepared, then a link the browser downloads straight to disk.
 */
export function BackgroundExports() {
  const { t, language, translate } = useI18n();
  const titleId = useId();
  const exports = useBackgroundExports();
  // As of the list's own time: rendering stays pure, and the list is asked again often enough.
  const shown = (exports.data ?? [])
    .filter((item) => current(item, exports.dataUpdatedAt))
    .slice(0, 3);
  if (shown.length === 0) return null;
  const until = (iso: string) =>
    new Date(iso).toLocaleString(language === 'en' ? 'en-GB' : 'es-PE', {
      dateStyle: 'short',
      timeStyle: 'short',
    });
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'grid', gap: 1, mb: 2 }}>
      <Typography id={titleId} component="h3" variant="subtitle2">
        {t.backgroundExports.title}
      </Typography>
      {shown.map((item) =>
        item.estado === 'preparando' ? (
          <Box key={item.id} sx={{ display: 'grid', gap: 0.5 }}>
            <Typography variant="body2" role="status">
              {t.backgroundExports.preparing(item.archivo, item.hechos, item.comprobantes)}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={(100 * item.hechos) / Math.max(1, item.comprobantes)}
              aria-label={t.backgroundExports.progressLabel(item.archivo)}
            />
          </Box>
        ) : item.estado === 'listo' ? (
          <Alert
            key={item.id}
            severity="success"
            action={
              <Button
                component="a"
                href={backgroundExportHref(item.id)}
                download={item.archivo}
                color="inherit"
                size="small"
                aria-label={t.backgroundExports.downloadLabel(item.archivo)}
              >
                {t.backgroundExports.download}
              </Button>
            }
          >
            {t.backgroundExports.ready(item.archivo, megabytes(item.tamano), until(item.vence!))}
          </Alert>
        ) : (
          <Alert key={item.id} severity="error">
            {t.backgroundExports.failed(item.archivo, translate(item.motivo ?? ''))}
          </Alert>
        ),
      )}
    </Box>
  );
}
