import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridRowParams,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { enUS, esES } from '@mui/x-data-grid/locales';
import { formatPeruvianDate, type DocumentDto, type DocumentPage } from '@sufel/contract';
import { useMemo } from 'react';
import { documentShortName } from '../../../../components/document-sheet/document-type-text';
import { useI18n } from '../../../../i18n/i18n-provider';
import { formatAmount } from '../../../../lib/format';
import { PAGE_SIZES, type BrowserState } from './use-documents-browser';

const GRID_TEXTS = {
  es: esES.components.MuiDataGrid.defaultProps.localeText,
  en: enUS.components.MuiDataGrid.defaultProps.localeText,
};

interface DocumentsGridProps {
  page: DocumentPage | undefined;
  loading: boolean;
  state: BrowserState;
  selected: DocumentDto | null;
  onSelect: (doc: DocumentDto | null) => void;
  onPage: (pageIndex: number) => void;
  onPageSize: (pageSize: number) => void;
  onSort: (sort: BrowserState['sort']) => void;
  /** A double click opens a document. */
  onOpen: (doc: DocumentDto) => void;
}

/** One page of results at a time, sorted and paged by the server. */
export function DocumentsGrid({
  page,
  loading,
  state,
  selected,
  onSelect,
  onPage,
  onPageSize,
  onSort,
  onOpen,
}: DocumentsGridProps) {
  const { t, language } = useI18n();

  const columns = useMemo<GridColDef<DocumentDto>[]>(
    () => [
      {
        field: 'emisor',
        headerName: t.dashboard.columns.issuer,
        flex: 1,
        minWidth: 220,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ lineHeight: 1.3, py: 0.5, overflow: 'hidden' }}>
            <Box sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{row.emisor_nombre}</Box>
            <Box sx={{ color: 'text.secondary', fontSize: '0.75rem' }}>{row.emisor}</Box>
          </Box>
        ),
      },
      {
        field: 'tipo',
        headerName: t.dashboard.columns.type,
        width: 80,
        sortable: false,
        valueFormatter: (value: string) => documentShortName(t, value),
      },
      { field: 'serie', headerName: t.dashboard.columns.series, width: 90, sortable: false },
      {
        field: 'correlativo',
        headerName: t.dashboard.columns.number,
        width: 150,
        sortable: false,
        renderCell: ({ row }) => (
          <>
            {row.correlativo}
            {row.baja && (
              <Chip label={t.dashboard.voided} size="small" color="error" sx={{ ml: 1 }} />
            )}
          </>
        ),
      },
      {
        field: 'fecha',
        headerName: t.dashboard.columns.date,
        width: 170,
        valueFormatter: (value: string) => formatPeruvianDate(value),
      },
      {
        field: 'total',
        headerName: t.dashboard.columns.total,
        width: 150,
        type: 'number',
        valueFormatter: (value: number, row) => formatAmount(value, row.moneda),
      },
    ],
    [t],
  );

  // The server only says whether more pages follow; the total is known once the last one arrives.
  const hasNextPage = page?.nextCursor != null;
  const rowCount =
    hasNextPage || page === undefined ? -1 : state.pageIndex * state.pageSize + page.items.length;
  // The grid compares these models by identity: a new object on every render reads as a change.
  const { pageIndex, pageSize, sort } = state;
  const paginationModel = useMemo<GridPaginationModel>(
    () => ({ page: pageIndex, pageSize }),
    [pageIndex, pageSize],
  );
  const sortModel = useMemo<GridSortModel>(
    () => [{ field: sort.field, sort: sort.dir }],
    [sort.field, sort.dir],
  );
  const selection = useMemo<GridRowSelectionModel>(
    () => ({ type: 'include', ids: new Set(selected ? [selected.id] : []) }),
    [selected],
  );

  return (
    <DataGrid
      rows={page?.items ?? []}
      columns={columns}
      localeText={{ ...GRID_TEXTS[language], noRowsLabel: t.dashboard.noRows }}
      loading={loading}
      autoHeight
      // At most 100 rows a page: every row is rendered, which also keeps them reachable by tests.
      disableVirtualization
      disableColumnMenu
      disableMultipleRowSelection
      rowHeight={56}
      paginationMode="server"
      sortingMode="server"
      rowCount={rowCount}
      paginationMeta={{ hasNextPage }}
      pageSizeOptions={[...PAGE_SIZES]}
      paginationModel={paginationModel}
      onPaginationModelChange={(model) => {
        if (model.pageSize !== state.pageSize) onPageSize(model.pageSize);
        else onPage(model.page);
      }}
      sortModel={sortModel}
      sortingOrder={['desc', 'asc']}
      onSortModelChange={(model) => {
        const [first] = model;
        if (first && (first.field === 'fecha' || first.field === 'total') && first.sort) {
          onSort({ field: first.field, dir: first.sort });
        }
      }}
      rowSelectionModel={selection}
      onRowSelectionModelChange={(model) => {
        const [id] = [...model.ids];
        onSelect(page?.items.find((doc) => doc.id === id) ?? null);
      }}
      onRowDoubleClick={({ row }: GridRowParams<DocumentDto>) => onOpen(row)}
      sx={{ bgcolor: 'background.paper' }}
    />
  );
}
