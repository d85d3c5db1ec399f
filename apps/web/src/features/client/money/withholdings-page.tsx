import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  formatPeruvianDate,
  type WithholdingReceiptItem,
  type Withholdings,
} from '@sufel/contract';
import { InfoList } from '../../../components/document-sheet/info-list';
import type { Messages } from '../../../i18n/es';
import { useI18n } from '../../../i18n/i18n-provider';
import { formatAmount, formatMonth } from '../../../lib/format';
import { useWithholdings } from '../api/get-withholdings';
import { previousYear, QUICK_RANGES, thisYear } from '../components/dashboard/date-ranges';
import { documentName } from '../components/dashboard/document-name';
import { PHONE_QUERY } from '../components/dashboard/list-cards';
import { CardHeading, MoneyList, type MoneyColumn } from './money-list';
import { MoneyPage } from './money-page';
import { PeriodFilter } from './period-filter';
import { Supplier } from './supplier';
import { usePeriod } from './use-period';

const nameOf = (t: Messages, item: WithholdingReceiptItem) =>
  documentName(t, { tipo: item.tipo, serie: item.serie, correlativo: item.numero });

/** Retentions and perceptions are declared in soles. */
const soles = (amount: string) => formatAmount(amount, 'PEN');

const NUMERIC = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** The period's months: what was retained and perceived in each, and the sum of them all. */
function Months({
  months,
  totals,
}: {
  months: Withholdings['meses'];
  totals: Withholdings['totales'];
}) {
  const { t, language } = useI18n();
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const words = t.withholdings;
  const rows = [
    ...months.map((month) => ({
      key: month.mes,
      label: formatMonth(month.mes, language),
      retained: month.retenido,
      perceived: month.percibido,
    })),
    ...(months.length > 1
      ? [
          {
            key: 'total',
            label: words.periodTotal,
            retained: totals.retenido,
            perceived: totals.percibido,
          },
        ]
      : []),
  ];
  return (
    <Box component="section" aria-label={words.months}>
      <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
        {words.months}
      </Typography>
      {phone ? (
        // Three columns of words and amounts do not fit a phone: one block per month.
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {rows.map((row) => (
            <Box key={row.key}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {row.label}
              </Typography>
              <InfoList
                items={[
                  { label: words.monthColumns.retained, value: soles(row.retained) },
                  { label: words.monthColumns.perceived, value: soles(row.perceived) },
                ]}
              />
            </Box>
          ))}
        </Box>
      ) : (
        <Table size="small" aria-label={words.months}>
          <TableHead>
            <TableRow>
              <TableCell>{words.monthColumns.month}</TableCell>
              <TableCell align="right">{words.monthColumns.retained}</TableCell>
              <TableCell align="right">{words.monthColumns.perceived}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const weight = row.key === 'total' ? 600 : undefined;
              return (
                <TableRow key={row.key}>
                  <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: weight }}>
                    {row.label}
                  </TableCell>
                  <TableCell align="right" sx={{ ...NUMERIC, fontWeight: weight }}>
                    {soles(row.retained)}
                  </TableCell>
                  <TableCell align="right" sx={{ ...NUMERIC, fontWeight: weight }}>
                    {soles(row.perceived)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/**
 * "Retenciones y percepciones": the receipts the receiver's customers
 * (retention agents) and suppliers (perception agents) issued to it, and per
 * month what they retained and perceived, as each agent declared it.
 */
export function WithholdingsPage() {
  const { t } = useI18n();
  const words = t.withholdings;
  const [period, show] = usePeriod(thisYear);
  const withholdings = useWithholdings(period);

  const kind = (item: WithholdingReceiptItem) =>
    item.tipo === '20' ? words.retained : words.perceived;
  const amount = (item: WithholdingReceiptItem) => (
    <Box
      component="span"
      sx={item.baja ? { textDecoration: 'line-through', color: 'text.secondary' } : undefined}
    >
      {soles(item.monto)}
    </Box>
  );
  const columns: MoneyColumn<WithholdingReceiptItem>[] = [
    { header: words.columns.issued, nowrap: true, cell: (item) => formatPeruvianDate(item.fecha) },
    { header: t.moneyViews.document, nowrap: true, cell: (_item, documentLink) => documentLink },
    {
      header: words.columns.agent,
      cell: (item) => <Supplier name={item.emisor_nombre} ruc={item.emisor} />,
    },
    {
      header: words.columns.kind,
      cell: (item) => (item.baja ? `${kind(item)} · ${words.voided}` : kind(item)),
    },
    { header: words.columns.amount, numeric: true, cell: amount },
  ];

  return (
    <MoneyPage
      title={words.title}
      intro={words.intro}
      filter={
        <PeriodFilter
          key={`${period.start}/${period.end}`}
          title={words.filters}
          startLabel={words.start}
          endLabel={words.end}
          choices={[
            { label: t.dashboard.thisMonth, range: QUICK_RANGES.thisMonth },
            { label: t.dashboard.previousMonth, range: QUICK_RANGES.previousMonth },
            { label: words.thisYear, range: thisYear },
            { label: words.previousYear, range: previousYear },
          ]}
          period={period}
          onShow={show}
        />
      }
      resultsTitle={words.results}
      query={withholdings}
    >
      {(data, open) => (
        <>
          {data.meses.length > 0 && <Months months={data.meses} totals={data.totales} />}
          <MoneyList
            label={words.results}
            rows={data.items}
            rowKey={(item) => String(item.documentId)}
            documentOf={(item) => ({ id: item.documentId, name: nameOf(t, item) })}
            onOpen={open}
            columns={columns}
            card={(item) => (
              <>
                <CardHeading name={nameOf(t, item)} amount={amount(item)} />
                <Typography component="span" variant="body2">
                  <Supplier name={item.emisor_nombre} ruc={item.emisor} />
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary">
                  {item.baja ? `${kind(item)} · ${words.voided}` : kind(item)} ·{' '}
                  {words.issued(formatPeruvianDate(item.fecha))}
                </Typography>
              </>
            )}
            empty={words.empty}
          />
        </>
      )}
    </MoneyPage>
  );
}
