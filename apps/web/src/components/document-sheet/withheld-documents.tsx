import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatPeruvianDate, withholdingRegimeText, type WithholdingDetail } from '@sufel/contract';
import '../../i18n/es-document';
import { useI18n } from '../../i18n/i18n-provider';
import { formatAmount, formatPercent } from '../../lib/format';
import { documentLabel } from './document-type-text';
import { InfoList } from './info-list';
import { SectionTitle } from './section-title';

const NUMERIC = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
/** Amounts retained or perceived are declared in soles. */
const soles = (amount: string | null) => (amount === null ? '—' : formatAmount(amount, 'PEN'));
const dayOrDash = (day: string | null) => (day === null ? '—' : formatPeruvianDate(day));

/**
 * What a retention (20) or perception (40) receipt states instead of lines:
 * its regime and rate, each document it covers with what was withheld on it,
 * and the totals withheld and paid or collected.
 */
export function WithheldDocuments({ withholding }: { withholding: WithholdingDetail }) {
  const { t } = useI18n();
  const words = t.documentView;
  const columns = words.coveredColumns;
  const totals = words.withheldTotals[withholding.type];
  return (
    <>
      <Box component="section" aria-label={words.covered} sx={{ mb: 3 }}>
        <SectionTitle>{words.covered}</SectionTitle>
        <InfoList
          items={[
            {
              label: words.regime,
              value: withholdingRegimeText(withholding.type, withholding.regime),
            },
            ...(withholding.percent === null
              ? []
              : [{ label: words.rate, value: formatPercent(withholding.percent) }]),
          ]}
        />
        <TableContainer sx={{ mt: 1 }}>
          <Table size="small" aria-label={words.covered}>
            <TableHead>
              <TableRow>
                <TableCell>{columns.document}</TableCell>
                <TableCell>{columns.issued}</TableCell>
                <TableCell align="right">{columns.total}</TableCell>
                <TableCell>{columns.date}</TableCell>
                <TableCell align="right">{columns.amount}</TableCell>
                <TableCell align="right">{columns.net}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {withholding.documents.map((covered, index) => (
                <TableRow key={`${covered.documentNumber}-${index}`}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {covered.type === null
                      ? covered.documentNumber
                      : `${documentLabel(t, covered.type)} ${covered.documentNumber}`}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {dayOrDash(covered.issueDate)}
                  </TableCell>
                  <TableCell align="right" sx={NUMERIC}>
                    {covered.total === null
                      ? '—'
                      : formatAmount(covered.total, covered.currency ?? 'PEN')}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dayOrDash(covered.date)}</TableCell>
                  <TableCell align="right" sx={NUMERIC}>
                    {soles(covered.amount)}
                  </TableCell>
                  <TableCell align="right" sx={NUMERIC}>
                    {soles(covered.netTotal)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Box>
      <Box component="section" aria-label={words.totals} sx={{ mb: 3 }}>
        <SectionTitle>{words.totals}</SectionTitle>
        <InfoList
          items={[
            { label: totals.total, value: <strong>{soles(withholding.totalAmount)}</strong> },
            ...(withholding.totalPaid === null
              ? []
              : [{ label: totals.paid, value: soles(withholding.totalPaid) }]),
          ]}
        />
      </Box>
    </>
  );
}
