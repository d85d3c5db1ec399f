import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { ClientDocumentsFilter, ExportFormat } from '@sufel/contract';
import { useId, useState } from 'react';
import { useSnackbar } from '../../../../components/snackbar/snackbar-context';
import { useI18n } from '../../../../i18n/i18n-provider';
import { DownloadInterruptedError } from '../../../../lib/api-client';
import { useErrorMessage } from '../../../../lib/use-error-message';
import { useStartBackgroundExport } from '../../api/background-exports';
import { useExportClientDocuments } from '../../api/export-client-documents';
import { useExportCount } from '../../api/get-export-count';

const FORMATS: readonly ExportFormat[] = ['zip', 'xlsx', 'csv'];

function isAbort(error: Error): boolean {
  return error.name === 'AbortError';
}

/**
 * Exports exactly what the filter shows: says how many documents that is
 * before it starts, then shows the bytes received and lets the user cancel.
 * A ZIP too large to download at once is offered to be built in the
 * background instead (BackgroundExports shows it).
 */
export function ExportMenu({ filter }: { filter: ClientDocumentsFilter }) {
  const { t } = useI18n();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const buttonId = useId();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const count = useExportCount(filter, anchor !== null);
  const exporting = useExportClientDocuments({
    onSuccess: () => snackbar.show({ message: t.exportMenu.done }),
    onError: (error) => {
      const message = isAbort(error)
        ? t.exportMenu.cancelled
        : error instanceof DownloadInterruptedError
          ? t.exportMenu.interrupted
          : errorMessage(error);
      // Cancelling is the user's own doing; anything else is a failure to keep in view.
      snackbar.show({
        message,
        action: t.common.accept,
        severity: isAbort(error) ? 'info' : 'error',
      });
    },
  });

  const background = useStartBackgroundExport({
    onError: (error) =>
      snackbar.show({ message: errorMessage(error), action: t.common.accept, severity: 'error' }),
  });

  const available = count.data !== undefined && count.data.count > 0;
  const fits = (format: ExportFormat) => {
    const limit = count.data?.limits[format] ?? null;
    return count.data !== undefined && (limit === null || count.data.count <= limit);
  };
  const countText = count.isError
    ? `${t.exportMenu.countFailed} ${errorMessage(count.error)}`
    : count.data === undefined
      ? t.exportMenu.counting
      : count.data.count === 0
        ? t.exportMenu.empty
        : [
            t.exportMenu.count(count.data.count),
            fits('zip') ? null : t.exportMenu.zipTooMany(count.data.limits.zip),
            fits('xlsx') ? null : t.exportMenu.xlsxTooMany(count.data.limits.xlsx),
          ]
            .filter((part) => part !== null)
            .join(' ');

  const start = (format: ExportFormat) => {
    setAnchor(null);
    exporting.mutate({ filter, format });
  };
  const startInBackground = () => {
    setAnchor(null);
    background.mutate(filter, {
      onSuccess: (started) =>
        snackbar.show({ message: t.exportMenu.backgroundStarted(started.comprobantes) }),
    });
  };

  if (exporting.isPending) {
    return (
      <Box sx={{ display: 'grid', gap: 0.5, minWidth: { xs: '100%', sm: 260 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" role="status" sx={{ flex: 1 }}>
            {t.exportMenu.progress((exporting.received / (1024 * 1024)).toFixed(1))}
          </Typography>
          <Button size="small" color="inherit" onClick={exporting.cancel}>
            {t.exportMenu.cancel}
          </Button>
        </Box>
        <LinearProgress aria-label={t.exportMenu.progressLabel} />
      </Box>
    );
  }

  return (
    <>
      <Button
        id={buttonId}
        variant="outlined"
        startIcon={<FileDownloadIcon />}
        aria-haspopup="menu"
        aria-controls={anchor === null ? undefined : menuId}
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t.exportMenu.button}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId, 'aria-label': t.exportMenu.menu } }}
      >
        <MenuItem disabled sx={{ whiteSpace: 'normal', maxWidth: 320 }}>
          {countText}
        </MenuItem>
        {FORMATS.map((format) => (
          <MenuItem
            key={format}
            disabled={!available || !fits(format)}
            onClick={() => start(format)}
          >
            {t.exportMenu[format]}
          </MenuItem>
        ))}
        {available && !fits('zip') && (
          <MenuItem disabled={background.isPending} onClick={startInBackground}>
            {t.exportMenu.zipBackground}
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
