import type { DocumentProofInput } from '@sufel/contract';
import { lazy, Suspense, useState } from 'react';
import { QrIcon } from '../../../components/icons/qr-icon';
import { useI18n } from '../../../i18n/i18n-provider';

// The scanner and its QR decoder download only when someone asks to scan.
const QrScannerDialog = lazy(() =>
  import('../qr/qr-scanner-dialog').then((module) => ({ default: module.QrScannerDialog })),
);

export function ScanQrButton({ onProof }: { onProof: (proof: DocumentProofInput) => void }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);

  return (
    <>
      <button
        type="button"
        className="button button--outlined"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <QrIcon />
        {t.documentLogin.scanQr}
      </button>
      {open && (
        <Suspense
          fallback={
            <span className="visually-hidden" role="status">
              {t.common.loading}
            </span>
          }
        >
          <QrScannerDialog
            onClose={() => setOpen(false)}
            onProof={(proof) => {
              setOpen(false);
              onProof(proof);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
