import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import type { FileType } from '@sufel/contract';
import '../../i18n/es-document';
import { useI18n } from '../../i18n/i18n-provider';
import { Spinner } from '../spinner/spinner';

const LABELS: Record<FileType, string> = { xml: 'XML', pdf: 'PDF', cdr: 'CDR' };

interface DownloadButtonsProps {
  /** The CDR button shows only when SUNAT's answer is available. */
  cdr: boolean;
  /** The file being downloaded, if any. */
  pending: FileType | null;
  onDownload: (type: FileType) => void;
}

export function DownloadButtons({ cdr, pending, onDownload }: DownloadButtonsProps) {
  const { t } = useI18n();
  const types: FileType[] = cdr ? ['xml', 'pdf', 'cdr'] : ['xml', 'pdf'];
  return types.map((type) => (
    <Button
      key={type}
      variant={type === 'pdf' ? 'contained' : 'outlined'}
      startIcon={pending === type ? <Spinner diameter={18} /> : <Download />}
      // Not disabled while a file downloads: that would drop the keyboard's focus.
      aria-disabled={pending !== null}
      aria-label={t.documentView.download(LABELS[type])}
      onClick={() => {
        if (pending === null) onDownload(type);
      }}
    >
      {LABELS[type]}
    </Button>
  ));
}

export const fileLabel = (type: FileType) => LABELS[type];
