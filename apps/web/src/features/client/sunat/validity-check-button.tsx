import FactCheck from '@mui/icons-material/FactCheck';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useI18n } from '../../../i18n/i18n-provider';

// The dialog and its progress download when someone opens it.
const ValidityCheckDialog = lazy(() =>
  import('./validity-check-dialog').then((module) => ({ default: module.ValidityCheckDialog })),
);

/** "Verificar en SUNAT": checks the documents of the period the list shows. */
export function ValidityCheckButton({ period }: { period: { start: string; end: string } }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<FactCheck />} onClick={() => setOpen(true)}>
        {t.validityCheck.button}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ValidityCheckDialog period={period} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
