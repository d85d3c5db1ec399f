import type { ClientDocumentsFilter, ClientDocumentsPageQuery, SortField } from '@sufel/contract';
import { useReducer } from 'react';

export const PAGE_SIZES = [25, 50, 100] as const;

export interface BrowserState {
  filter: ClientDocumentsFilter;
  sort: { field: SortField; dir: 'asc' | 'desc' };
  pageSize: number;
  pageIndex: number;
  /**
   * The cursor that opens each page seen so far (none for the first). Keeping
   * them is what lets the user go back: the server only pages forwards.
   */
  cursors: (string | undefined)[];
}

type Action =
  | { type: 'filter'; filter: ClientDocumentsFilter }
  | { type: 'sort'; sort: BrowserState['sort'] }
  | { type: 'pageSize'; pageSize: number }
  | { type: 'page'; pageIndex: number; nextCursor: string | null };

const firstPage = { pageIndex: 0, cursors: [undefined] };

export function browserReducer(state: BrowserState, action: Action): BrowserState {
  switch (action.type) {
    case 'filter':
      return { ...state, ...firstPage, filter: action.filter };
    case 'sort':
      return { ...state, ...firstPage, sort: action.sort };
    case 'pageSize':
      return { ...state, ...firstPage, pageSize: action.pageSize };
    case 'page': {
      if (action.pageIndex <= state.pageIndex) {
        return action.pageIndex < 0 ? state : { ...state, pageIndex: action.pageIndex };
      }
      // Forwards, one page at a time, and only while the server says there is more.
      if (action.pageIndex !== state.pageIndex + 1 || action.nextCursor === null) return state;
      const cursors = state.cursors.slice(0, action.pageIndex);
      cursors[action.pageIndex] = action.nextCursor;
      return { ...state, pageIndex: action.pageIndex, cursors };
    }
  }
}

/** The request for the page the state points at. */
export function pageQuery(state: BrowserState): ClientDocumentsPageQuery {
  return {
    ...state.filter,
    limit: state.pageSize,
    cursor: state.cursors[state.pageIndex],
    sort: state.sort.field,
    dir: state.sort.dir,
  };
}

export function useDocumentsBrowser(filter: ClientDocumentsFilter) {
  return useReducer(browserReducer, {
    filter,
    sort: { field: 'fecha', dir: 'desc' },
    pageSize: PAGE_SIZES[0],
    ...firstPage,
  });
}
