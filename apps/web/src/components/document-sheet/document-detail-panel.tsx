import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { DocumentDetail } from '@sufel/contract';
import '../../i18n/es-document';
import { useI18n } from '../../i18n/i18n-provider';
import { Spinner } from '../spinner/spinner';
import { DocumentDetailSections } from './document-detail-sections';

/**
 * The detail part of a document view: it loads apart from the header, and a
 * detail that cannot be read leaves the header and downloads usable.
 */
export function DocumentDetailPanel({
  detail,
  failed,
}: {
  detail: DocumentDetail | undefined;
  failed: boolean;
}) {
  const { t } = useI18n();
  if (failed) return <Alert severity="warning">{t.documentView.detailFailed}</Alert>;
  if (detail === undefined) {
    return (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
        <Spinner diameter={40} label={t.common.loading} />
      </Box>
    );
  }
  return <DocumentDetailSections detail={detail} />;
}
