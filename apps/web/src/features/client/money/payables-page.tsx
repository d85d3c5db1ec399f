import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatPeruvianDate, type Payable, type Payables } from '@sufel/contract';
import { InfoList, type InfoItem } from '../../../components/document-sheet/info-list';
import type { Messages } from '../../../i18n/es';
import { useI18n } from '../../../i18n/i18n-provider';
import { addDays, daysBetween, todayIsoDay } from '../../../lib/calendar-day';
import { formatAmount } from '../../../lib/format';
import { usePayables } from '../api/get-payables';
import { DUE_RANGES, wholeMonthOf } from '../components/dashboard/date-ranges';
import { documentName } from '../components/dashboard/document-name';
import { CardLine } from '../components/dashboard/list-cards';
import { CardHeading, MoneyList, type MoneyColumn } from './money-list';
import { MoneyPage } from './money-page';
import { PeriodFilter } from './period-filter';
import { Supplier } from './supplier';
import { usePeriod } from './use-period';

const nameOf = (t: Messages, item: Payable) =>
  documentName(t, { tipo: item.tipo, serie: item.serie, correlativo: item.numero });

const rowKey = (item: Payable) => `${item.documentId}-${item.cuota}`;

/** "Vencida hace 3 días" in red, or "Vence en 5 días": never just a colour. */
function DueState({ due, today }: { due: string; today: string }) {
  const { t } = useI18n();
  const days = daysBetween(today, due);
  if (days < 0) {
    return <Chip size="small" color="error" variant="outlined" label={t.payables.overdue(-days)} />;
  }
  return (
    <Typography component="span" variant="body2" color="text.secondary">
      {days === 0 ? t.payables.dueToday : t.payables.dueIn(days)}
    </Typography>
  );
}

/** "S/ 1,180.00 · US$ 50.00": one amount per currency. */
const amounts = (totals: readonly { moneda: string; monto: string }[]) =>
  totals.map((total) => formatAmount(total.monto, total.moneda)).join(' · ');

/** The period's total per currency, and per week (from Monday) as the server summed them. */
function PayableTotals({ data }: { data: Payables }) {
  const { t } = useI18n();
  const weeks = new Map<string, Payables['semanas']>();
  for (const week of data.semanas)
    weeks.set(week.semana, [...(weeks.get(week.semana) ?? []), week]);
  const weekItems: InfoItem[] = [...weeks].map(([monday, totals]) => ({
    label: t.payables.week(formatPeruvianDate(monday), formatPeruvianDate(addDays(monday, 6))),
    value: amounts(totals),
  }));
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <InfoList
        items={[{ label: t.payables.totals, value: <strong>{amounts(data.totales)}</strong> }]}
      />
      <Box component="section" aria-label={t.payables.weeks}>
        <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
          {t.payables.weeks}
        </Typography>
        <InfoList items={weekItems} />
      </Box>
    </Box>
  );
}

/**
 * "Por pagar": the instalments falling due in a period across every issuer,
 * by due date (so the overdue ones come first), with totals per currency and week.
 */
export function PayablesPage() {
  const { t } = useI18n();
  const [period, show] = usePeriod(wholeMonthOf);
  const payables = usePayables(period);
  const today = todayIsoDay();
  const dueLabels = {
    previousMonth: t.dashboard.previousMonth,
    wholeMonth: t.dashboard.thisMonth,
    nextMonth: t.payables.nextMonth,
  };

  const columns: MoneyColumn<Payable>[] = [
    {
      header: t.payables.columns.due,
      cell: (item) => (
        <Box sx={{ display: 'grid', justifyItems: 'start', gap: 0.25 }}>
          {formatPeruvianDate(item.vence)}
          <DueState due={item.vence} today={today} />
        </Box>
      ),
    },
    {
      header: t.moneyViews.document,
      nowrap: true,
      cell: (_item, documentLink) => documentLink,
    },
    {
      header: t.moneyViews.supplier,
      cell: (item) => <Supplier name={item.emisor_nombre} ruc={item.emisor} />,
    },
    { header: t.payables.columns.installment, numeric: true, cell: (item) => item.cuota },
    {
      header: t.payables.columns.amount,
      numeric: true,
      cell: (item) => formatAmount(item.monto, item.moneda),
    },
  ];

  return (
    <MoneyPage
      title={t.payables.title}
      intro={t.payables.intro}
      filter={
        <PeriodFilter
          key={`${period.start}/${period.end}`}
          title={t.payables.filters}
          startLabel={t.payables.start}
          endLabel={t.payables.end}
          choices={Object.entries(DUE_RANGES).map(([name, range]) => ({
            label: dueLabels[name as keyof typeof DUE_RANGES],
            range,
          }))}
          period={period}
          onShow={show}
        />
      }
      resultsTitle={t.payables.results}
      query={payables}
    >
      {(data, open) => (
        <>
          {data.items.length > 0 && <PayableTotals data={data} />}
          <MoneyList
            label={t.payables.results}
            rows={data.items}
            rowKey={rowKey}
            documentOf={(item) => ({ id: item.documentId, name: nameOf(t, item) })}
            onOpen={open}
            columns={columns}
            card={(item) => (
              <>
                <CardHeading
                  name={nameOf(t, item)}
                  amount={formatAmount(item.monto, item.moneda)}
                />
                <Typography component="span" variant="body2" noWrap>
                  {item.emisor_nombre}
                </Typography>
                <CardLine>
                  <Typography component="span" variant="body2" color="text.secondary">
                    {t.payables.installment(item.cuota)} · {formatPeruvianDate(item.vence)}
                  </Typography>
                  <DueState due={item.vence} today={today} />
                </CardLine>
              </>
            )}
            empty={t.payables.empty}
          />
        </>
      )}
    </MoneyPage>
  );
}
