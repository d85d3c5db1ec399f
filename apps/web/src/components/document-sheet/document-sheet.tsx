import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { formatPeruvianDate, printedSeriesNumber, type DocumentDto } from '@sufel/contract';
import { useId, type ReactNode } from 'react';
import '../../i18n/es-document';
import { useI18n } from '../../i18n/i18n-provider';
import { formatAmount } from '../../lib/format';
import { SignatureSection } from '../document-status/signature-status';
import { ValidityWarningChips } from '../document-status/validity-status';
import { VerdictAdvice, VerdictLabel } from '../document-status/verdict-status';
import { customerDocument, documentLabel, documentTitle } from './document-type-text';
import { InfoList } from './info-list';
import { SectionTitle } from './section-title';

interface DocumentSheetProps {
  doc: DocumentDto;
  /** From the document's detail, once read. */
  dueDate?: string | null;
  issuerAddress?: string | null;
  /** Download buttons. */
  actions: ReactNode;
  /** SUNAT's current state of the document (consulta integrada), under its signature. */
  validity?: ReactNode;
  /** The detail sections, or their loading/error state. */
  children?: ReactNode;
  /** Starts the ids of its title and number (see `sheetLabelIds`), for a dialog to be named by. */
  labelPrefix?: string;
  /** Without the card's frame, for inside a dialog, which is frame enough. */
  bare?: boolean;
}

/** The ids of a sheet's title and series-number, which name it read together. */
export function sheetLabelIds(prefix: string): { title: string; number: string; both: string } {
  const ids = { title: `${prefix}-title`, number: `${prefix}-number` };
  return { ...ids, both: `${ids.title} ${ids.number}` };
}

/** One document as a receiver sees it: header, DOCUMENTO and CLIENTE, downloads and detail. */
export function DocumentSheet({
  doc,
  dueDate,
  issuerAddress,
  actions,
  validity,
  children,
  labelPrefix,
  bare = false,
}: DocumentSheetProps) {
  const { t } = useI18n();
  const generatedPrefix = useId();
  const ids = sheetLabelIds(labelPrefix ?? generatedPrefix);
  const number = printedSeriesNumber(doc);

  const documentItems = [
    { label: t.documentView.document, value: `${documentLabel(t, doc.tipo)} ${number}` },
    { label: t.documentView.date, value: formatPeruvianDate(doc.fecha) },
    ...(dueDate ? [{ label: t.documentView.dueDate, value: formatPeruvianDate(dueDate) }] : []),
    {
      label: t.documentView.total,
      value: <strong>{formatAmount(doc.total, doc.moneda)}</strong>,
    },
  ];
  // A retention receipt is addressed to the supplier it retained from.
  const partyTitle =
    doc.tipo === '20' ? t.documentView.sectionSupplier : t.documentView.sectionClient;
  const clientItems = [
    {
      label: t.documentView.clientDocument,
      value: customerDocument(t, doc.cliente_tipo, doc.cliente_doc),
    },
    { label: t.documentView.clientName, value: doc.cliente_nombre },
  ];

  return (
    <Card
      component="article"
      aria-labelledby={ids.both}
      elevation={bare ? 0 : undefined}
      sx={bare ? { bgcolor: 'transparent' } : undefined}
    >
      <CardHeader
        title={
          <>
            {documentTitle(t, doc.tipo)}
            {doc.baja && (
              <Box component="span" sx={{ color: 'error.main', ml: 1 }}>
                {t.documentView.voided}
              </Box>
            )}
          </>
        }
        subheader={number}
        slotProps={{
          // The consultation moves focus to the title once its document shows.
          title: { id: ids.title, component: 'h1', variant: 'h6', tabIndex: -1 },
          subheader: { id: ids.number, variant: 'subtitle1', color: 'text.secondary' },
        }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Box sx={{ mb: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <VerdictLabel verdict={doc.estado} />
          <ValidityWarningChips warnings={doc.avisos_sunat ?? []} />
        </Box>
        <Box sx={{ mb: 2, '&:empty': { display: 'none' } }}>
          <VerdictAdvice verdict={doc.estado} />
        </Box>
        <Box sx={{ mb: 2 }}>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 500 }}>
            {doc.emisor_nombre || doc.emisor}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t.documentView.issuer}: RUC {doc.emisor}
            {issuerAddress ? ` · ${issuerAddress}` : ''}
          </Typography>
        </Box>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
            gap: 3,
          }}
        >
          <section aria-label={t.documentView.sectionDocument}>
            <SectionTitle>{t.documentView.sectionDocument}</SectionTitle>
            <InfoList items={documentItems} />
          </section>
          <section aria-label={partyTitle}>
            <SectionTitle>{partyTitle}</SectionTitle>
            <InfoList items={clientItems} />
          </section>
        </Box>
        <Box sx={{ mt: 3 }}>
          <SignatureSection firma={doc.firma} />
        </Box>
        {validity && <Box sx={{ mt: 3 }}>{validity}</Box>}
        <Box
          role="group"
          aria-label={t.documentView.downloads}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 3 }}
        >
          {actions}
        </Box>
        {children && (
          <>
            <Divider sx={{ my: 3 }} />
            {children}
          </>
        )}
      </CardContent>
    </Card>
  );
}
