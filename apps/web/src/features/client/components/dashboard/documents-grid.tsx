import Box from '@mui/material/Box';
import {
  DataGrid,
  type GridCellParams,
  type GridColDef,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { enUS, esES } from '@mui/x-data-grid/locales';
import {
  formatPeruvianDate,
  SORT_FIELDS,
  type DocumentDto,
  type DocumentPage,
  type SortField,
} from '@sufel/contract';
import { useMemo } from 'react';
import { documentLabel } from '../../../../components/document-sheet/document-type-text';
import { useI18n } from '../../../../i18n/i18n-provider';
import { formatAmount } from '../../../../lib/format';
import { PAGE_SIZES, type BrowserState } from './browser-url';
import { seriesNumber } from './document-name';
import { documentStatusColumn, VoidableAmount } from './document-status-cell';
import { RowActions, type RowActionsProps } from './row-actions';
import type { Selection } from './use-selection';

const GRID_TEXTS = {
  es: esES.components.MuiDataGrid.defaultProps.localeText,
  en: enUS.components.MuiDataGrid.defaultProps.localeText,
};

const isSortField = (field: string): field is SortField =>
  (SORT_FIELDS as readonly string[]).includes(field);

export interface DocumentListProps {
  page: DocumentPage | undefined;
  loading: boolean;
  state: BrowserState;
  onPage: (pageIndex: number) => void;
  onPageSize: (pageSize: number) => void;
  onSort: (sort: BrowserState['sort']) => void;
  onOpen: (doc: DocumentDto) => void;
  onDownload: RowActionsProps['onDownload'];
  /** The document and file being downloaded, if any. */
  downloading: { id: number; type: RowActionsProps['pending'] } | null;
  /** Documents chosen to download together. */
  selection: Selection;
}

/** Cells whose own controls act, rather than opening the row. */
const OWN_CONTROLS = new Set(['__check__', 'actions']);

/** Desktop: one page at a time, sorted and paged by the server; a click or Enter opens a row. */
export function DocumentsGrid({
  page,
  loading,
  state,
  onPage,
  onPageSize,
  onSort,
  onOpen,
  onDownload,
  downloading,
  selection,
}: DocumentListProps) {
  const { t, language } = useI18n();
  const items = useMemo(() => page?.items ?? [], [page]);

  const columns = useMemo<GridColDef<DocumentDto>[]>(
    () => [
      {
        field: 'fecha',
        headerName: t.dashboard.columns.date,
        // Room for "Fecha emisión" beside its sort arrow, uncut.
        width: 150,
        valueFormatter: (value: string) => formatPeruvianDate(value),
      },
      {
        field: 'tipo',
        headerName: t.dashboard.columns.type,
        width: 115,
        valueFormatter: (value: string) => documentLabel(t, value),
      },
      {
        field: 'numero',
        headerName: t.dashboard.columns.seriesNumber,
        width: 110,
        valueGetter: (_value, row) => seriesNumber(row),
      },
      {
        field: 'emisor',
        headerName: t.dashboard.columns.issuer,
        flex: 1,
        minWidth: 140,
        // A long name wraps onto more lines: it is never cut.
        renderCell: ({ row }) => (
          <Box sx={{ lineHeight: 1.3, py: 0.5, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
            <Box>{row.emisor_nombre}</Box>
            <Box sx={{ color: 'text.secondary', fontSize: '0.75rem' }}>
              {row.emisor}
              {row.origen !== 'emisor' && ` · ${t.documentOrigin[row.origen]}`}
            </Box>
          </Box>
        ),
      },
      {
        field: 'total',
        headerName: t.dashboard.columns.total,
        // Room for "US$ 655,555,555.55" whole.
        width: 150,
        type: 'number',
        valueFormatter: (value: number, row) => formatAmount(value, row.moneda),
        renderCell: ({ row, formattedValue }) => (
          <VoidableAmount doc={row}>{formattedValue}</VoidableAmount>
        ),
      },
      // Narrower than elsewhere: the verdict wraps, so the names and amounts keep their room at 1280 px.
      { ...documentStatusColumn(t), width: 145 },
      {
        field: 'actions',
        headerName: t.dashboard.columns.actions,
        width: 92,
        sortable: false,
        renderCell: ({ row }) => (
          <RowActions
            doc={row}
            onOpen={onOpen}
            onDownload={onDownload}
            pending={downloading?.id === row.id ? downloading.type : null}
          />
        ),
      },
    ],
    [t, onOpen, onDownload, downloading],
  );

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

  // Only this page's rows are the grid's to show as chosen; the rest of the choice stays outside it.
  const rowSelectionModel = useMemo<GridRowSelectionModel>(
    () => ({
      type: 'include',
      ids: new Set(items.filter(selection.isChosen).map((doc) => doc.id)),
    }),
    [items, selection.isChosen],
  );

  return (
    <DataGrid
      rows={items}
      columns={columns}
      localeText={{
        ...GRID_TEXTS[language],
        noRowsLabel: t.dashboard.noRows,
        checkboxSelectionHeaderName: t.dashboard.selection.selectAllOnPage,
        checkboxSelectionSelectAllRows: t.dashboard.selection.selectAllOnPage,
        checkboxSelectionUnselectAllRows: t.dashboard.selection.selectAllOnPage,
        paginationDisplayedRows: ({ from, to }) =>
          t.dashboard.range(from, to, page?.total ?? 0, page?.totalCapped),
      }}
      loading={loading}
      autoHeight
      // At most 100 rows a page: every row is rendered, which also keeps them reachable by tests.
      disableVirtualization
      disableColumnMenu
      checkboxSelection
      disableRowSelectionOnClick
      // The choice spans pages: the bar above the list counts it, not the grid's footer.
      hideFooterSelectedRowCount
      rowSelectionModel={rowSelectionModel}
      onRowSelectionModelChange={(model) => {
        const chosen = new Set(
          items
            .filter((doc) =>
              model.type === 'include' ? model.ids.has(doc.id) : !model.ids.has(doc.id),
            )
            .map((doc) => doc.id),
        );
        selection.setPage(items, chosen);
      }}
      rowHeight={56}
      // A row grows when its verdict wraps or SUNAT's warnings sit under it, never cutting them.
      getRowHeight={() => 'auto'}
      paginationMode="server"
      sortingMode="server"
      // Past the count's cap the grid pages on by nextCursor, as for a list of unknown length.
      rowCount={page?.totalCapped ? -1 : (page?.total ?? 0)}
      paginationMeta={{ hasNextPage: page?.nextCursor != null }}
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
        if (first?.sort && isSortField(first.field)) {
          onSort({ field: first.field, dir: first.sort });
        }
      }}
      onCellClick={({ row, field }: GridCellParams<DocumentDto>) => {
        if (!OWN_CONTROLS.has(field)) onOpen(row);
      }}
      onCellKeyDown={({ row, field }: GridCellParams<DocumentDto>, event) => {
        if (event.key === 'Enter' && !OWN_CONTROLS.has(field)) {
          event.defaultMuiPrevented = true;
          onOpen(row);
        }
      }}
      sx={{
        bgcolor: 'background.paper',
        '& .MuiDataGrid-row': { cursor: 'pointer' },
        // Rows grow with their verdict: every cell keeps its content on the row's middle line.
        '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
        '& .MuiDataGrid-cell--textRight': { justifyContent: 'flex-end' },
      }}
    />
  );
}
