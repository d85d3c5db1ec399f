import GppBad from '@mui/icons-material/GppBad';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import RemoveModerator from '@mui/icons-material/RemoveModerator';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { formatPeruvianDate, type Firma } from '@sufel/contract';
import '../../i18n/es-document';
import { useI18n } from '../../i18n/i18n-provider';
import { SectionTitle } from '../document-sheet/section-title';

/** A certificate's instant as the day it was in Lima's calendar is close enough: it is shown as a date. */
function day(instant: string | null): string | null {
  return instant === null ? null : formatPeruvianDate(instant.slice(0, 10));
}

function ValidSignature({ firma }: { firma: Firma }) {
  const { t } = useI18n();
  const from = day(firma.vigencia_desde);
  const to = day(firma.vigencia_hasta);
  const text = [
    t.documentStatus.signedBy(firma.firmante ?? t.documentStatus.unknownSigner, firma.ruc),
    from && to ? t.documentStatus.validity(from, to) : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Alert role="note" severity="success" icon={<VerifiedUser aria-hidden />}>
      {text}
      {firma.emitido_en_vigencia === false && (
        <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
          {t.documentStatus.outsideValidity}
        </Box>
      )}
    </Alert>
  );
}

/**
 * What the check of the XML's digital signature found, as its own section of a
 * document: part of the page, not news, so its alerts are notes, not live regions.
 */
export function SignatureSection({ firma }: { firma: Firma | null }) {
  const { t } = useI18n();
  let body;
  if (firma === null) {
    body = (
      <Alert role="note" severity="info" icon={<HourglassEmpty aria-hidden />}>
        {t.documentStatus.pending}
      </Alert>
    );
  } else if (firma.estado === 'valida') {
    body = <ValidSignature firma={firma} />;
  } else if (firma.estado === 'invalida') {
    body = (
      <Alert role="note" severity="error" icon={<GppBad aria-hidden />}>
        <AlertTitle>{t.documentStatus.altered}</AlertTitle>
        {t.documentStatus.alteredHint}
      </Alert>
    );
  } else {
    body = (
      <Alert
        role="note"
        severity="info"
        icon={<RemoveModerator aria-hidden />}
        sx={{ bgcolor: 'action.hover', color: 'text.primary' }}
      >
        <AlertTitle>{t.documentStatus.absent}</AlertTitle>
        {t.documentStatus.absentHint}
      </Alert>
    );
  }
  return (
    <section
      aria-label={t.documentStatus.signatureTitle}
      data-signature={firma?.estado ?? 'pendiente'}
    >
      <SectionTitle>{t.documentStatus.signatureTitle}</SectionTitle>
      {body}
    </section>
  );
}
