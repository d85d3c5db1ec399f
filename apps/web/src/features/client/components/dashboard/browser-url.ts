import {
  ClientDocumentsFilterSchema,
  SORT_FIELDS,
  type ClientDocumentsFilter,
  type ClientDocumentsPageQuery,
  type SortField,
} from '@sufel/contract';

export const PAGE_SIZES = [25, 50, 100] as const;

/**
 * What the dashboard shows, all of it in the address so reload, back and a
 * return from another screen keep it. The server pages by key, so a page
 * beyond the first is its number plus the cursor that opens it.
 */
export interface BrowserState {
  filter: ClientDocumentsFilter;
  sort: { field: SortField; dir: 'asc' | 'desc' };
  pageSize: number;
  /** From 0. */
  pageIndex: number;
  cursor?: string | undefined;
}

export const DEFAULT_SORT: BrowserState['sort'] = { field: 'fecha', dir: 'desc' };

/** Filter fields and their names in the address. */
const FILTER_PARAMS = [
  ['start', 'desde'],
  ['end', 'hasta'],
  ['emisor', 'emisor'],
  ['tipoDoc', 'tipo'],
  ['serie', 'serie'],
  ['correlativo', 'numero'],
  ['origen', 'origen'],
] as const;

function isSortField(value: string | null): value is SortField {
  return (SORT_FIELDS as readonly (string | null)[]).includes(value);
}

/** The state an address holds, or null when it names no valid range (then a default applies). */
export function readBrowserState(params: URLSearchParams): BrowserState | null {
  const raw: Record<string, string> = {};
  for (const [field, param] of FILTER_PARAMS) {
    const value = params.get(param);
    if (value !== null && value !== '') raw[field] = value;
  }
  const parsed = ClientDocumentsFilterSchema.safeParse(raw);
  if (!parsed.success || parsed.data.start > parsed.data.end) return null;
  const { start, end, emisor, tipoDoc, serie, correlativo, origen } = parsed.data;
  const filter: ClientDocumentsFilter = { start, end };
  if (emisor !== undefined) filter.emisor = emisor;
  if (tipoDoc !== undefined) filter.tipoDoc = tipoDoc;
  if (serie !== undefined) filter.serie = serie;
  if (correlativo !== undefined) filter.correlativo = correlativo;
  if (origen !== undefined) filter.origen = origen;

  const orden = params.get('orden');
  const sort: BrowserState['sort'] = isSortField(orden)
    ? { field: orden, dir: params.get('dir') === 'asc' ? 'asc' : 'desc' }
    : DEFAULT_SORT;
  const filas = Number(params.get('filas'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(filas) ? filas : PAGE_SIZES[0];
  const pagina = Number(params.get('pagina'));
  const cursor = params.get('cursor') ?? undefined;
  // A later page is reachable only through its cursor.
  const pageIndex = Number.isSafeInteger(pagina) && pagina > 1 && cursor ? pagina - 1 : 0;
  return { filter, sort, pageSize, pageIndex, cursor: pageIndex > 0 ? cursor : undefined };
}

/** The address of a state; defaults are left out to keep it short. */
export function writeBrowserState(state: BrowserState): URLSearchParams {
  const params = new URLSearchParams();
  for (const [field, param] of FILTER_PARAMS) {
    const value = state.filter[field];
    if (typeof value === 'string' && value !== '') params.set(param, value);
  }
  if (state.sort.field !== DEFAULT_SORT.field || state.sort.dir !== DEFAULT_SORT.dir) {
    params.set('orden', state.sort.field);
    params.set('dir', state.sort.dir);
  }
  if (state.pageSize !== PAGE_SIZES[0]) params.set('filas', String(state.pageSize));
  if (state.pageIndex > 0 && state.cursor !== undefined) {
    params.set('pagina', String(state.pageIndex + 1));
    params.set('cursor', state.cursor);
  }
  return params;
}

/** The request for the page the state points at. */
export function pageQuery(state: BrowserState): ClientDocumentsPageQuery {
  return {
    ...state.filter,
    limit: state.pageSize,
    cursor: state.cursor,
    sort: state.sort.field,
    dir: state.sort.dir,
  };
}

/** What a list is, regardless of the page: pages of one list share their cursors. */
export function listKey(state: BrowserState): string {
  const params = writeBrowserState({ ...state, pageIndex: 0, cursor: undefined });
  params.set('filas', String(state.pageSize));
  return params.toString();
}
