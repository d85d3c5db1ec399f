import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useI18n } from '../../../i18n/i18n-provider';

/** What could not be loaded, in words, with "Reintentar" in place of the content. */
export function LoadFailed({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t.dashboard.retry}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
