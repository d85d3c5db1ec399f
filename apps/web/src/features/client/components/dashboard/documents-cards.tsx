import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatPeruvianDate } from '@sufel/contract';
import { documentLabel } from '../../../../components/document-sheet/document-type-text';
import { useI18n } from '../../../../i18n/i18n-provider';
import { formatAmount } from '../../../../lib/format';
import { documentName, seriesNumber } from './document-name';
import { DocumentStatusCell, VoidableAmount } from './document-status-cell';
import type { DocumentListProps } from './documents-grid';
import { CardLine, CardList, ListCard } from './list-cards';
import { FileButtons } from './row-actions';

/**
 * Phones: one card per document with what identifies it (type, series-number,
 * issuer, date, total) and its verdict in words, nothing to scroll sideways; a
 * tap opens it. Under each, a box to choose it and its files to download.
 */
export function DocumentsCards({
  page,
  loading,
  state,
  onPage,
  onOpen,
  onDownload,
  downloading,
  selection,
}: DocumentListProps) {
  const { t } = useI18n();
  const items = page?.items ?? [];
  const chosenHere = items.filter(selection.isChosen).length;
  const from = state.pageIndex * state.pageSize + 1;
  const count = page?.total ?? 0;

  return (
    <Box aria-busy={loading}>
      <Box sx={{ height: 4, mb: 1 }}>
        {loading && <LinearProgress aria-label={t.common.loading} />}
      </Box>
      {items.length === 0 && !loading && (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t.dashboard.noRows}
        </Typography>
      )}
      {items.length > 0 && (
        <FormControlLabel
          sx={{ ml: 0, mb: 0.5 }}
          label={t.dashboard.selection.selectAllOnPage}
          control={
            <Checkbox
              checked={chosenHere === items.length}
              onChange={(event) =>
                selection.setPage(
                  items,
                  new Set(event.target.checked ? items.map((doc) => doc.id) : []),
                )
              }
            />
          }
        />
      )}
      <CardList>
        {items.map((doc) => (
          <ListCard
            key={doc.id}
            onOpen={() => onOpen(doc)}
            selected={selection.isChosen(doc)}
            actions={
              <>
                <Checkbox
                  checked={selection.isChosen(doc)}
                  onChange={() => selection.toggle(doc)}
                  slotProps={{
                    input: { 'aria-label': t.dashboard.selection.select(documentName(t, doc)) },
                  }}
                />
                <Box sx={{ ml: 'auto', display: 'flex', flexWrap: 'wrap' }}>
                  <FileButtons
                    doc={doc}
                    onDownload={onDownload}
                    pending={downloading?.id === doc.id ? downloading.type : null}
                  />
                </Box>
              </>
            }
          >
            <Typography component="span" sx={{ fontWeight: 600, minWidth: 0 }}>
              {documentLabel(t, doc.tipo)} {seriesNumber(doc)}
            </Typography>
            <Typography
              component="span"
              variant="body2"
              sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {doc.emisor_nombre}
            </Typography>
            {doc.origen !== 'emisor' && (
              <Typography component="span" variant="body2" color="text.secondary">
                {t.documentOrigin[doc.origen]}
              </Typography>
            )}
            <CardLine>
              <Typography component="span" variant="body2" color="text.secondary">
                {formatPeruvianDate(doc.fecha)}
              </Typography>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                <VoidableAmount doc={doc}>{formatAmount(doc.total, doc.moneda)}</VoidableAmount>
              </Typography>
            </CardLine>
            <DocumentStatusCell doc={doc} />
          </ListCard>
        ))}
      </CardList>
      {count > 0 && (
        <Box
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, mt: 1 }}
        >
          <Typography variant="body2">
            {t.dashboard.range(from, from + items.length - 1, count, page?.totalCapped)}
          </Typography>
          <IconButton
            aria-label={t.dashboard.previousPage}
            disabled={state.pageIndex === 0 || loading}
            onClick={() => onPage(state.pageIndex - 1)}
          >
            <ChevronLeft />
          </IconButton>
          <IconButton
            aria-label={t.dashboard.nextPage}
            disabled={page?.nextCursor == null || loading}
            onClick={() => onPage(state.pageIndex + 1)}
          >
            <ChevronRight />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}
