import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { MONEY_VIEW_MAX_ITEMS } from '@sufel/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useI18n } from '../../../i18n/i18n-provider';
import { formatQuantity } from '../../../lib/format';
import { useErrorMessage } from '../../../lib/use-error-message';
import { ClientDocumentDialog } from '../components/client-document-dialog';
import { LoadFailed } from '../components/load-failed';

export interface MoneyPageProps<Data extends { truncado: boolean }> {
  title: string;
  intro: string;
  /** The period filter, above the results. */
  filter: ReactNode;
  resultsTitle: string;
  query: UseQueryResult<Data>;
  /** Buttons beside the results' title, such as a download. */
  actions?: ReactNode;
  /** The totals and the list, once loaded; `open` shows a document over the page. */
  children: (data: Data, open: (documentId: number) => void) => ReactNode;
}

/**
 * What both money views share: their title and words, the period, and the
 * results with their loading, failure and truncation shown in words. A row
 * opens its document in the dashboard's dialog, so closing it returns here.
 */
export function MoneyPage<Data extends { truncado: boolean }>({
  title,
  intro,
  filter,
  resultsTitle,
  query,
  actions,
  children,
}: MoneyPageProps<Data>) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const resultsId = useId();
  const [viewing, setViewing] = useState<number | null>(null);

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box>
        <Typography component="h1" variant="h5">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: '80ch' }}>
          {intro}
        </Typography>
      </Box>
      {filter}
      <Card component="section" aria-labelledby={resultsId} sx={{ minWidth: 0 }}>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
              alignItems: 'center',
              justifyContent: 'space-between',
            }}
          >
            <Typography id={resultsId} component="h2" variant="subtitle1">
              {resultsTitle}
            </Typography>
            {actions}
          </Box>
          {query.isPending ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress aria-label={t.common.loading} />
            </Box>
          ) : query.isError ? (
            <LoadFailed onRetry={() => void query.refetch()}>
              {t.moneyViews.loadFailed} {errorMessage(query.error)}
            </LoadFailed>
          ) : (
            <>
              {query.data.truncado && (
                <Alert severity="info">
                  {t.moneyViews.truncated(formatQuantity(MONEY_VIEW_MAX_ITEMS))}
                </Alert>
              )}
              {children(query.data, setViewing)}
            </>
          )}
        </CardContent>
      </Card>
      {viewing !== null && <ClientDocumentDialog id={viewing} onClose={() => setViewing(null)} />}
    </Box>
  );
}
