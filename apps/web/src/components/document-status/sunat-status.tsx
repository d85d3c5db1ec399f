import Block from '@mui/icons-material/Block';
import CheckCircle from '@mui/icons-material/CheckCircle';
import HelpOutline from '@mui/icons-material/HelpOutline';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { DocumentDetail, SunatStatus } from '@sufel/contract';
import '../../i18n/es-document';
import { useI18n } from '../../i18n/i18n-provider';

const LOOK = {
  aceptado: { Icon: CheckCircle, color: 'success' },
  observado: { Icon: WarningAmber, color: 'warning' },
  sin_cdr: { Icon: HelpOutline, color: 'default' },
  anulado: { Icon: Block, color: 'error' },
} as const;

/**
 * The list only knows the CDR's code; the detail also knows its notes, and an
 * acceptance (code 0) that lists notes is one with observations too.
 */
export function sunatStatusOf(status: SunatStatus, sunat?: DocumentDetail['sunat']): SunatStatus {
  return status === 'aceptado' && (sunat?.observations.length ?? 0) > 0 ? 'observado' : status;
}

/** SUNAT's answer as a badge at the top of a document. */
export function SunatStatusChip({ status }: { status: SunatStatus }) {
  const { t } = useI18n();
  const { Icon, color } = LOOK[status];
  return (
    <Tooltip title={t.documentStatus.sunatHint[status]}>
      <Chip
        icon={<Icon aria-hidden />}
        label={
          <>
            <span className="visually-hidden">{`${t.documentStatus.sunatLabel}: `}</span>
            {t.documentStatus.sunat[status]}
          </>
        }
        color={color}
        variant={color === 'default' ? 'outlined' : 'filled'}
        size="small"
        data-status={status}
      />
    </Tooltip>
  );
}

/** SUNAT's answer as an icon with a tooltip, for a row of a list; screen readers read its words. */
export function SunatStatusIcon({ status }: { status: SunatStatus }) {
  const { t } = useI18n();
  const { Icon, color } = LOOK[status];
  return (
    <Tooltip title={t.documentStatus.sunat[status]}>
      <Box component="span" sx={{ display: 'inline-flex' }} data-status={status}>
        <Icon
          aria-hidden
          fontSize="small"
          sx={{ color: color === 'default' ? 'text.secondary' : `${color}.main` }}
        />
        <span className="visually-hidden">{t.documentStatus.sunat[status]}</span>
      </Box>
    </Tooltip>
  );
}
