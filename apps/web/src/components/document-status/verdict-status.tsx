import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { needsSunatCheck, SUNAT_VALIDITY_CHECK_URL, type Verdict } from '@sufel/contract';
import '../../i18n/es-document';
import { useI18n } from '../../i18n/i18n-provider';

/** How serious each verdict looks: red stops the reader, amber asks for a look, green reassures. */
const TONE: Readonly<Record<Verdict, { color: string; bgcolor: string }>> = {
  xml_alterado: { color: 'error.contrastText', bgcolor: 'error.main' },
  anulado: { color: 'error.contrastText', bgcolor: 'error.main' },
  rechazado: { color: 'error.contrastText', bgcolor: 'error.main' },
  cdr_de_otro: { color: 'text.primary', bgcolor: 'warning.light' },
  observado: { color: 'text.primary', bgcolor: 'warning.light' },
  aceptado: { color: 'success.contrastText', bgcolor: 'success.main' },
  sin_cdr: { color: 'text.primary', bgcolor: 'action.selected' },
};

/**
 * The verdict on a document as a label in words, wherever the document
 * appears; long words wrap rather than hide behind a tooltip.
 */
export function VerdictLabel({ verdict }: { verdict: Verdict }) {
  const { t } = useI18n();
  return (
    <Box
      component="span"
      data-verdict={verdict}
      sx={{
        ...TONE[verdict],
        display: 'inline-block',
        px: 1,
        py: 0.25,
        borderRadius: 1,
        fontSize: '0.8125rem',
        fontWeight: 500,
        lineHeight: 1.35,
        whiteSpace: 'normal',
      }}
    >
      {t.documentStatus.verdict[verdict]}
    </Box>
  );
}

/**
 * Under the verdict of an open document: why no constancia vouches for it,
 * and where and what to check at SUNAT itself.
 */
export function VerdictAdvice({ verdict }: { verdict: Verdict }) {
  const { t } = useI18n();
  if (!needsSunatCheck(verdict)) return null;
  return (
    <Alert role="note" severity={verdict === 'cdr_de_otro' ? 'warning' : 'info'}>
      {verdict === 'cdr_de_otro' ? t.documentStatus.otherCdr : t.documentStatus.noCdr}{' '}
      {t.documentStatus.checkAtSunat}{' '}
      <Link href={SUNAT_VALIDITY_CHECK_URL} target="_blank" rel="noopener noreferrer">
        {t.documentStatus.checkAtSunatLink}
        <span className="visually-hidden"> {t.nav.newTab}</span>
      </Link>
    </Alert>
  );
}
