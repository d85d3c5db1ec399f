import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPeruvianDate, type DocumentDetail } from '@sufel/contract';
import type { ReactNode } from 'react';
import '../../i18n/es-document';
import { useI18n } from '../../i18n/i18n-provider';
import { formatAmount, formatPercent } from '../../lib/format';
import { DocumentLines } from './document-lines';
import { documentLabel } from './document-type-text';
import { InfoList, type InfoItem } from './info-list';
import { SectionTitle } from './section-title';
import { WithheldDocuments } from './withheld-documents';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <SectionTitle>{title}</SectionTitle>
      {children}
    </Box>
  );
}

/**
 * A 390 px phone leaves about 300 px for three columns: cells pad less there,
 * amounts never break inside, and the tax's name wraps instead.
 */
const TAX_TABLE = {
  '& th, & td': { px: { xs: 0.75, sm: 2 } },
  '& .MuiTableCell-alignRight': { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  '& th:first-of-type, & td:first-of-type': { pl: 0, overflowWrap: 'anywhere' },
  '& th:last-of-type, & td:last-of-type': { pr: 0 },
} as const;

function Amounts({ detail }: { detail: DocumentDetail }) {
  const { t } = useI18n();
  const money = (amount: string) => formatAmount(amount, detail.currency);
  const labels = t.documentView.totalLabels;
  const totals: InfoItem[] = (
    ['lineExtension', 'allowance', 'charge', 'prepaid', 'tax'] as const
  ).flatMap((key) => {
    const amount = detail.totals[key];
    return amount === null ? [] : [{ label: labels[key], value: money(amount) }];
  });
  totals.push({
    label: labels.payable,
    value: <strong>{money(detail.totals.payable)}</strong>,
  });

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, columnGap: 3 }}>
      {detail.taxes.length > 0 ? (
        <Section title={t.documentView.taxes}>
          <Table size="small" aria-label={t.documentView.taxes} sx={TAX_TABLE}>
            <TableHead>
              <TableRow>
                <TableCell>{t.documentView.taxName}</TableCell>
                <TableCell align="right">{t.documentView.taxBase}</TableCell>
                <TableCell align="right">{t.documentView.taxAmount}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {detail.taxes.map((tax) => (
                <TableRow key={tax.code}>
                  <TableCell>{t.taxNames[tax.code] ?? tax.name}</TableCell>
                  <TableCell align="right">
                    {tax.taxableAmount ? money(tax.taxableAmount) : '—'}
                  </TableCell>
                  <TableCell align="right">{money(tax.amount)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>
      ) : (
        <span />
      )}
      <Section title={t.documentView.totals}>
        <InfoList items={totals} />
      </Section>
    </Box>
  );
}

/** "2 %": a percentage as declared, without the zeros it was written with. */
/** "2 % · S/ 66.08 sobre S/ 3,304.00": what was declared of a percepción or retention. */
function withheldText(
  withheld: { percent: string | null; amount: string | null; base: string | null },
  currency: string,
  onBase: string,
): string {
  const parts = [
    formatPercent(withheld.percent),
    withheld.amount ? formatAmount(withheld.amount, currency) : null,
  ].filter(Boolean);
  const base = withheld.base ? ` ${onBase} ${formatAmount(withheld.base, currency)}` : '';
  return parts.length === 0 ? '—' : `${parts.join(' · ')}${base}`;
}

function Payment({
  payment,
  currency,
}: {
  payment: NonNullable<DocumentDetail['payment']>;
  currency: string;
}) {
  const { t } = useI18n();
  const items: InfoItem[] = [];
  if (payment.method) {
    items.push({
      label: t.documentView.paymentMethod,
      value: t.documentView.paymentMethods[payment.method],
    });
  }
  if (payment.pendingAmount) {
    items.push({
      label: t.documentView.pendingAmount,
      value: formatAmount(payment.pendingAmount, currency),
    });
  }
  for (const installment of payment.installments) {
    items.push({
      label: t.documentView.installment(installment.id),
      value: `${formatAmount(installment.amount, currency)}${
        installment.dueDate
          ? ` · ${t.documentView.installmentDue} ${formatPeruvianDate(installment.dueDate)}`
          : ''
      }`,
    });
  }
  const detraction = payment.detraction;
  if (detraction?.legendOnly) {
    items.push({ label: t.documentView.detraction, value: t.documentView.detractionLegendOnly });
  } else if (detraction) {
    const parts = [
      formatPercent(detraction.percent),
      // Detractions are deposited at the Banco de la Nación, always in soles.
      detraction.amount ? formatAmount(detraction.amount, 'PEN') : null,
    ].filter(Boolean);
    items.push({ label: t.documentView.detraction, value: parts.join(' · ') || '—' });
    if (detraction.account) {
      items.push({ label: t.documentView.detractionAccount, value: detraction.account });
    }
  }
  const { perception, retention } = payment;
  if (perception) {
    items.push({
      label: t.documentView.perception(perception.code),
      value: withheldText(perception, perception.currency ?? currency, t.documentView.onBase),
    });
  }
  if (retention) {
    items.push({
      label: t.documentView.retention,
      value: withheldText(retention, retention.currency ?? currency, t.documentView.onBase),
    });
  }
  if (items.length === 0) return null;
  return (
    <Section title={t.documentView.payment}>
      <InfoList items={items} />
    </Section>
  );
}

/** What the document's UBL adds to its header: lines, amounts, notes, payment, references. */
export function DocumentDetailSections({ detail }: { detail: DocumentDetail }) {
  const { t } = useI18n();
  const { reference, sunat } = detail;
  return (
    <>
      {reference && (
        <Section title={t.documentView.reference}>
          <InfoList
            items={[
              {
                label: t.documentView.document,
                value: reference.type
                  ? `${documentLabel(t, reference.type)} ${reference.documentNumber}`
                  : reference.documentNumber,
              },
              ...(reference.reason
                ? [{ label: t.documentView.reason, value: reference.reason }]
                : []),
            ]}
          />
        </Section>
      )}
      {detail.withholding ? (
        <WithheldDocuments withholding={detail.withholding} />
      ) : (
        <>
          <Section title={t.documentView.lines}>
            <DocumentLines lines={detail.lines} currency={detail.currency} />
          </Section>
          <Amounts detail={detail} />
        </>
      )}
      {detail.payment && <Payment payment={detail.payment} currency={detail.currency} />}
      {detail.notes.length > 0 && (
        <Section title={t.documentView.notes}>
          <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'body2' }}>
            {detail.notes.map((note, index) => (
              <li key={`${note.code ?? ''}-${index}`}>{note.text}</li>
            ))}
          </Box>
        </Section>
      )}
      {sunat && (
        <Section title={t.documentView.sunat}>
          <Typography variant="body2">
            {sunat.code} · {sunat.description}
          </Typography>
          {sunat.observations.length > 0 && (
            <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5, typography: 'body2' }}>
              {sunat.observations.map((observation) => (
                <li key={observation}>{observation}</li>
              ))}
            </Box>
          )}
        </Section>
      )}
    </>
  );
}
