import VisibilityIcon from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ClientDocumentsFilter, DocumentDto, FileType } from '@sufel/contract';
import { useId, useState } from 'react';
import { DownloadButtons } from '../../../../components/document-sheet/download-buttons';
import { useDownloadFeedback } from '../../../../components/document-sheet/published-document';
import { useSnackbar } from '../../../../components/snackbar/snackbar-context';
import { useI18n } from '../../../../i18n/i18n-provider';
import { todayIsoDay } from '../../../../lib/calendar-day';
import { useErrorMessage } from '../../../../lib/use-error-message';
import { useDownloadClientFile } from '../../api/download-client-file';
import { useClientDocuments } from '../../api/get-client-documents';
import { ClientDocumentDialog } from '../client-document-dialog';
import { DocumentsFilter } from './documents-filter';
import { DocumentsGrid } from './documents-grid';
import { pageQuery, useDocumentsBrowser } from './use-documents-browser';

function todayFilter(): ClientDocumentsFilter {
  const today = todayIsoDay();
  return { start: today, end: today };
}

/** The company receiver's documents: filter, page through, select one, download it. */
export function Dashboard() {
  const { t } = useI18n();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const resultsId = useId();
  const [initialFilter] = useState(todayFilter);
  const [state, dispatch] = useDocumentsBrowser(initialFilter);
  const [selected, setSelected] = useState<DocumentDto | null>(null);
  const documents = useClientDocuments(pageQuery(state));
  const download = useDownloadClientFile(useDownloadFeedback());

  const [viewing, setViewing] = useState<number | null>(null);

  const viewSelected = () => {
    if (selected === null) {
      snackbar.show({ message: t.dashboard.selectDocument, action: t.common.accept });
      return;
    }
    setViewing(selected.id);
  };

  const downloadSelected = (type: FileType) => {
    if (selected === null) {
      snackbar.show({ message: t.dashboard.selectDocument, action: t.common.accept });
      return;
    }
    download.mutate({ doc: selected, type });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography component="h1" variant="h5">
        {t.dashboard.title}
      </Typography>
      <DocumentsFilter
        initial={initialFilter}
        onSearch={(filter) => {
          setSelected(null);
          dispatch({ type: 'filter', filter });
        }}
      />
      <Card component="section" aria-labelledby={resultsId}>
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
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button
                variant="outlined"
                startIcon={<VisibilityIcon />}
                aria-label={t.dashboard.viewDocument}
                onClick={viewSelected}
              >
                {t.dashboard.view}
              </Button>
              <DownloadButtons
                cdr={selected?.cdr ?? false}
                pending={download.isPending ? (download.variables?.type ?? null) : null}
                onDownload={downloadSelected}
              />
            </Box>
          </Box>
          {documents.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {t.dashboard.loadFailed} {errorMessage(documents.error)}
            </Alert>
          )}
          <DocumentsGrid
            page={documents.data}
            loading={documents.isFetching}
            state={state}
            selected={selected}
            onSelect={setSelected}
            onPage={(pageIndex) =>
              dispatch({ type: 'page', pageIndex, nextCursor: documents.data?.nextCursor ?? null })
            }
            onPageSize={(pageSize) => dispatch({ type: 'pageSize', pageSize })}
            onSort={(sort) => dispatch({ type: 'sort', sort })}
            onOpen={(doc) => setViewing(doc.id)}
          />
        </CardContent>
      </Card>
      {viewing !== null && <ClientDocumentDialog id={viewing} onClose={() => setViewing(null)} />}
    </Box>
  );
}
