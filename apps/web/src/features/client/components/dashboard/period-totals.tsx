import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ClientDocumentsFilter } from '@sufel/contract';
import { useI18n } from '../../../../i18n/i18n-provider';
import { formatAmount } from '../../../../lib/format';
import { useClientDocumentsTotals } from '../../api/get-client-documents-totals';

/**
 * The whole filter in one line, "128 comprobantes · S/ 45,300.00 · US$ 1,200.00",
 * asked apart from the pages (a page's rows never add up to the period), and
 * what the sums leave out.
 */
export function PeriodTotals({ filter }: { filter: ClientDocumentsFilter }) {
  const { t } = useI18n();
  const totals = useClientDocumentsTotals(filter);
  const texts = t.dashboard.totals;
  const data = totals.data;
  // An empty list says so itself, with its filters.
  if (data?.comprobantes === 0) return null;

  return (
    <Box role="group" aria-label={texts.label} aria-busy={totals.isFetching} sx={{ mb: 1.5 }}>
      {totals.isError ? (
        <Typography variant="body2" color="text.secondary">
          {texts.failed}
        </Typography>
      ) : data === undefined ? (
        <Typography variant="body2" color="text.secondary">
          {texts.loading}
        </Typography>
      ) : (
        <>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {[
              texts.count(data.comprobantes),
              ...data.monedas.map((currency) => formatAmount(currency.monto, currency.moneda)),
            ].join(' · ')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {data.anulados > 0 && `${texts.voided(data.anulados)} `}
            {texts.creditNotes}
          </Typography>
        </>
      )}
    </Box>
  );
}
