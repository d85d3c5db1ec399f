import ErrorIcon from '@mui/icons-material/Error';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  validityWarnings,
  type DocumentDto,
  type Validity,
  type ValidityWarning,
} from '@sufel/contract';
import type { ReactNode } from 'react';
import type { Messages } from '../../i18n/es';
import '../../i18n/es-document';
import { useI18n } from '../../i18n/i18n-provider';
import { formatLimaInstant } from '../../lib/format';
import { InfoList } from '../document-sheet/info-list';
import { SectionTitle } from '../document-sheet/section-title';

/** A SUNAT code in words, with the code beside it: the accountant may need to quote it. */
function codeInWords(
  t: Messages,
  words: Readonly<Record<string, string>>,
  code: string | null,
): string | null {
  return code === null ? null : t.validity.code(words[code], code);
}

/** The words of what SUNAT's answer warns of, most serious first. */
export function warningWords(t: Messages, warnings: readonly ValidityWarning[]): string[] {
  return warnings.map((warning) => t.validity.warnings[warning]);
}

/** What SUNAT says today of a list row, in words under its verdict: only what needs a look. */
export function ValidityWarningWords({ doc }: { doc: Pick<DocumentDto, 'avisos_sunat'> }) {
  const { t } = useI18n();
  const warnings = warningWords(t, doc.avisos_sunat ?? []);
  if (warnings.length === 0) return null;
  return (
    <Box
      component="span"
      data-warnings={warnings.length}
      sx={{ display: 'block', color: 'error.main', fontSize: '0.75rem', lineHeight: 1.3 }}
    >
      {warnings.join(' · ')}
    </Box>
  );
}

/** What SUNAT's latest answer warns of, as red badges at the top of a document. */
export function ValidityWarningChips({ warnings }: { warnings: readonly ValidityWarning[] }) {
  const { t } = useI18n();
  return warnings.map((warning) => (
    <Chip
      key={warning}
      icon={<ErrorIcon aria-hidden />}
      label={t.validity.warnings[warning]}
      color="error"
      size="small"
      data-warning={warning}
    />
  ));
}

/**
 * SUNAT's current state of a document (consulta integrada), code by code in
 * words, with when SUNAT said it; `action` offers to ask again.
 */
export function ValiditySection({
  validity,
  action,
}: {
  validity: Validity | null;
  action?: ReactNode;
}) {
  const { t, language } = useI18n();
  let body;
  if (validity === null) {
    body = (
      <Typography variant="body2" color="text.secondary">
        {t.validity.notChecked}
      </Typography>
    );
  } else {
    const warnings = warningWords(t, validityWarnings(validity));
    const items = [
      {
        label: t.validity.document,
        value: codeInWords(t, t.validity.estadoCp, validity.estadoCp),
      },
      {
        label: t.validity.issuerRuc,
        value: codeInWords(t, t.validity.estadoRuc, validity.estadoRuc),
      },
      {
        label: t.validity.issuerDomicile,
        value: codeInWords(t, t.validity.condDomiRuc, validity.condDomiRuc),
      },
      ...(validity.observaciones.length > 0
        ? [
            {
              label: t.validity.observations,
              value: (
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {validity.observaciones.map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </Box>
              ),
            },
          ]
        : []),
      { label: t.validity.checkedAt, value: formatLimaInstant(validity.checkedAt, language) },
    ].filter((item) => item.value !== null);
    body = (
      <Alert role="note" severity={warnings.length > 0 ? 'error' : 'success'}>
        <AlertTitle>{warnings.length > 0 ? warnings.join(' · ') : t.validity.fine}</AlertTitle>
        <InfoList items={items} />
      </Alert>
    );
  }
  return (
    <Box component="section" aria-label={t.validity.title}>
      <SectionTitle>{t.validity.title}</SectionTitle>
      {body}
      {action && <Box sx={{ mt: 1 }}>{action}</Box>}
    </Box>
  );
}
