import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatPeruvianDate, type DocumentDto, type FileType } from '@sufel/contract';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Redirect, useSearch } from 'wouter';
import { useDownloadFeedback } from '../../../../components/document-sheet/published-document';
import { useI18n } from '../../../../i18n/i18n-provider';
import { todayIsoDay } from '../../../../lib/calendar-day';
import { useErrorMessage } from '../../../../lib/use-error-message';
import { useDownloadClientFile } from '../../api/download-client-file';
import { useClientDocuments } from '../../api/get-client-documents';
import { useLatestDocument } from '../../api/get-latest-document';
import { ValidityCheckButton } from '../../sunat/validity-check-button';
import { AddIssuerPrompt } from '../access/add-issuer-prompt';
import { ClientDocumentDialog } from '../client-document-dialog';
import { BackgroundExports } from '../export/background-exports';
import { ExportMenu } from '../export/export-menu';
import { LoadFailed } from '../load-failed';
import { AddDocumentsButton } from '../received/add-documents-dialog';
import { DEFAULT_SORT, listKey, PAGE_SIZES, pageQuery, readBrowserState } from './browser-url';
import { defaultRange } from './date-ranges';
import { useDocumentSteps } from './document-steps';
import { DocumentsCards } from './documents-cards';
import { DocumentsFilter } from './documents-filter';
import { DocumentsGrid, type DocumentListProps } from './documents-grid';
import { PHONE_QUERY } from './list-cards';
import { NoDocuments, rangeOnly } from './no-documents';
import { documentAddressOfLink, useOpenDocument } from './open-document';
import { PeriodTotals } from './period-totals';
import { PhoneFilterBar } from './phone-filter';
import { SelectionBar } from './selection-bar';
import { rememberedSearch, useDocumentsBrowser } from './use-documents-browser';
import { useSelection } from './use-selection';

/**
 * The company receiver's documents: filter, sort, page through, open and
 * download them. An older link to a document (`/client?documento=<id>`)
 * leads to that document's own address.
 */
export function Dashboard() {
  const search = useSearch();
  const linked = documentAddressOfLink(search);
  return linked === null ? <DocumentsScreen /> : <Redirect to={linked} replace />;
}

function DocumentsScreen() {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const resultsId = useId();
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const { state, show, page, restore, adjacent, remember } = useDocumentsBrowser();
  const latest = useLatestDocument();
  const documents = useClientDocuments(state === null ? null : pageQuery(state));
  const download = useDownloadClientFile(useDownloadFeedback());

  // The choice of documents to download together belongs to one list, across its pages.
  const selection = useSelection(state === null ? null : listKey(state));
  const viewing = useOpenDocument();
  const steps = useDocumentSteps({
    state,
    page: documents.data,
    openId: viewing.openId,
    move: viewing.move,
    adjacent,
    remember,
  });
  // Dates the form cannot search: the list below answers an earlier search, so it is hidden.
  const [filterInvalid, setFilterInvalid] = useState(false);

  // Without a list in the address: the one last shown in this tab, or a range
  // that holds the receiver's latest document, so the list never opens empty.
  const latestKnown = !latest.isPending;
  const latestDay = latest.data?.fecha ?? null;
  useEffect(() => {
    if (state !== null) return;
    const remembered = rememberedSearch();
    if (remembered !== undefined && readBrowserState(new URLSearchParams(remembered)) !== null) {
      restore(remembered);
      return;
    }
    if (!latestKnown) return;
    const filter = defaultRange(todayIsoDay(), latestDay);
    show({ filter, sort: DEFAULT_SORT, pageSize: PAGE_SIZES[0] }, true);
  }, [state, latestKnown, latestDay, show, restore]);

  const { open: openDocument } = viewing;
  const open = useCallback((doc: DocumentDto) => openDocument(doc.id), [openDocument]);
  const { mutate: startDownload } = download;
  const onDownload = useCallback(
    (doc: DocumentDto, type: FileType) => startDownload({ doc, type }),
    [startDownload],
  );
  const downloading = useMemo(
    () =>
      download.isPending && download.variables
        ? { id: download.variables.doc.id, type: download.variables.type }
        : null,
    [download.isPending, download.variables],
  );

  const listProps: DocumentListProps | null =
    state === null
      ? null
      : {
          page: documents.data,
          loading: documents.isFetching,
          state,
          onPage: (pageIndex) => page(state, pageIndex, documents.data?.nextCursor ?? null),
          onPageSize: (pageSize) => show({ ...state, pageSize }),
          onSort: (sort) => show({ ...state, sort }),
          onOpen: open,
          onDownload,
          downloading,
          selection,
        };

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box>
        <Typography component="h1" variant="h5">
          {t.dashboard.title}
        </Typography>
        {latest.data && (
          <Typography variant="body2" color="text.secondary">
            {latest.data.fecha === null
              ? t.dashboard.noDocumentsYet
              : t.dashboard.latest(formatPeruvianDate(latest.data.fecha))}
          </Typography>
        )}
        <AddIssuerPrompt />
        <Box sx={{ mt: 1 }}>
          <AddDocumentsButton />
        </Box>
      </Box>
      {state !== null &&
        (phone ? (
          <PhoneFilterBar
            key={JSON.stringify(state.filter)}
            state={state}
            onFilter={(filter) => show({ ...state, filter })}
            onSort={(sort) => show({ ...state, sort })}
            onInvalid={setFilterInvalid}
          />
        ) : (
          <DocumentsFilter
            // A new list in the address (back, forward) shows its own filter.
            key={JSON.stringify(state.filter)}
            initial={state.filter}
            onSearch={(filter) => show({ ...state, filter })}
            onInvalid={setFilterInvalid}
          />
        ))}
      <Card component="section" aria-labelledby={resultsId} sx={{ minWidth: 0 }}>
        <CardContent>
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
              alignItems: 'center',
              justifyContent: 'space-between',
              mb: 2,
            }}
          >
            <Typography id={resultsId} component="h2" variant="subtitle1">
              {t.dashboard.results}
            </Typography>
            {state !== null && !filterInvalid && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                <ValidityCheckButton period={state.filter} />
                <ExportMenu filter={state.filter} />
              </Box>
            )}
          </Box>
          <BackgroundExports />
          {state !== null && !filterInvalid && <PeriodTotals filter={state.filter} />}
          <SelectionBar selection={selection} />
          {listProps === null ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress aria-label={t.common.loading} />
            </Box>
          ) : filterInvalid ? (
            <Alert severity="warning">{t.dashboard.fixRange}</Alert>
          ) : documents.isError ? (
            // Only the failure: no empty list, no page arrows, no rows of another filter.
            <LoadFailed onRetry={() => void documents.refetch()}>
              {t.dashboard.loadFailed} {errorMessage(documents.error)}
            </LoadFailed>
          ) : documents.data?.items.length === 0 && !documents.isFetching ? (
            <NoDocuments
              filter={listProps.state.filter}
              onClear={() =>
                show({ ...listProps.state, filter: rangeOnly(listProps.state.filter) })
              }
            />
          ) : phone ? (
            <DocumentsCards {...listProps} />
          ) : (
            <DocumentsGrid {...listProps} />
          )}
        </CardContent>
      </Card>
      {viewing.openId !== null && (
        <ClientDocumentDialog id={viewing.openId} onClose={viewing.close} steps={steps} />
      )}
    </Box>
  );
}
