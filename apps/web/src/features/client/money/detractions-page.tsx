import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { detractionGoodText, formatPeruvianDate, type Detraction } from '@sufel/contract';
import { InfoList } from '../../../components/document-sheet/info-list';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import type { Messages } from '../../../i18n/es';
import { useI18n } from '../../../i18n/i18n-provider';
import { formatAmount, formatPercent } from '../../../lib/format';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useDetractions, useDownloadDetractionsCsv } from '../api/get-detractions';
import { QUICK_RANGES, thisMonth } from '../components/dashboard/date-ranges';
import { documentName } from '../components/dashboard/document-name';
import { CardHeading, MoneyList, type MoneyColumn } from './money-list';
import { MoneyPage } from './money-page';
import { PeriodFilter } from './period-filter';
import { Supplier } from './supplier';
import { usePeriod } from './use-period';

const nameOf = (t: Messages, item: Detraction) =>
  documentName(t, { tipo: item.tipo, serie: item.serie, correlativo: item.numero });

/** Detracciones are deposited at the Banco de la Nación, always in soles. */
const soles = (amount: string) => formatAmount(amount, 'PEN');

/** What the issuer declared of one detracción, or "No declarado" for what it left out. */
function declared(t: Messages, item: Detraction) {
  return {
    good: item.codigo === null ? t.detractions.notDeclared : detractionGoodText(item.codigo),
    percent: formatPercent(item.porcentaje) ?? t.detractions.notDeclared,
    amount: item.monto === null ? t.detractions.notDeclared : soles(item.monto),
    account: item.cuenta ?? t.detractions.notDeclared,
  };
}

/**
 * "Detracciones por depositar": the documents issued in a period subject to
 * detracción, with the supplier's Banco de la Nación account and the amount
 * each declared, their total, and the CSV the accountant takes to the bank.
 */
export function DetractionsPage() {
  const { t } = useI18n();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const [period, show] = usePeriod(thisMonth);
  const detractions = useDetractions(period);
  const download = useDownloadDetractionsCsv({
    onSuccess: () => snackbar.show({ message: t.detractions.downloaded }),
    onError: (error) =>
      snackbar.show({ message: errorMessage(error), action: t.common.accept, severity: 'error' }),
  });

  const columns: MoneyColumn<Detraction>[] = [
    {
      header: t.detractions.columns.issued,
      nowrap: true,
      cell: (item) => formatPeruvianDate(item.fecha),
    },
    { header: t.moneyViews.document, nowrap: true, cell: (_item, documentLink) => documentLink },
    {
      header: t.moneyViews.supplier,
      cell: (item) => <Supplier name={item.emisor_nombre} ruc={item.emisor} />,
    },
    { header: t.detractions.columns.good, cell: (item) => declared(t, item).good },
    {
      header: t.detractions.columns.percent,
      numeric: true,
      cell: (item) => declared(t, item).percent,
    },
    {
      header: t.detractions.columns.amount,
      numeric: true,
      cell: (item) => declared(t, item).amount,
    },
    {
      header: t.detractions.columns.account,
      nowrap: true,
      cell: (item) => declared(t, item).account,
    },
  ];

  const empty = detractions.data === undefined || detractions.data.items.length === 0;
  return (
    <MoneyPage
      title={t.detractions.title}
      intro={t.detractions.intro}
      filter={
        <PeriodFilter
          key={`${period.start}/${period.end}`}
          title={t.detractions.filters}
          startLabel={t.detractions.start}
          endLabel={t.detractions.end}
          choices={(['thisMonth', 'previousMonth', 'last90Days'] as const).map((name) => ({
            label: t.dashboard[name],
            range: QUICK_RANGES[name],
          }))}
          period={period}
          onShow={show}
        />
      }
      resultsTitle={t.detractions.results}
      query={detractions}
      actions={
        <Button
          variant="outlined"
          startIcon={<FileDownloadIcon />}
          disabled={empty || download.isPending}
          onClick={() => download.mutate(period)}
        >
          {t.detractions.csv}
        </Button>
      }
    >
      {(data, open) => (
        <>
          {data.items.length > 0 && (
            <InfoList
              items={[{ label: t.detractions.total, value: <strong>{soles(data.total)}</strong> }]}
            />
          )}
          <MoneyList
            label={t.detractions.results}
            rows={data.items}
            rowKey={(item) => String(item.documentId)}
            documentOf={(item) => ({ id: item.documentId, name: nameOf(t, item) })}
            onOpen={open}
            columns={columns}
            card={(item) => {
              const words = declared(t, item);
              return (
                <>
                  <CardHeading name={nameOf(t, item)} amount={words.amount} />
                  <Typography component="span" variant="body2">
                    <Supplier name={item.emisor_nombre} ruc={item.emisor} />
                  </Typography>
                  <Typography component="span" variant="body2">
                    {words.good} · {words.percent}
                  </Typography>
                  <Typography component="span" variant="body2">
                    {t.detractions.account(words.account)}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary">
                    {t.detractions.issued(formatPeruvianDate(item.fecha))}
                  </Typography>
                </>
              );
            }}
            empty={t.detractions.empty}
          />
        </>
      )}
    </MoneyPage>
  );
}
