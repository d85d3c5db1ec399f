import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { clientSession } from '../../session/client-session';
import { listKey, readBrowserState, writeBrowserState, type BrowserState } from './browser-url';

/**
 * What the address cannot hold: the cursors of the pages seen so far (the
 * server only pages forwards, so going back needs them) and the last list
 * shown, to return to it from another screen. Kept for this tab and this
 * receiver only.
 */
const memoryKey = () => `sufel.dashboard.${clientSession.read()?.ruc ?? ''}`;

interface Memory {
  search?: string;
  cursors?: { list: string; pages: (string | null)[] };
}

function readMemory(): Memory {
  try {
    return JSON.parse(sessionStorage.getItem(memoryKey()) ?? '{}') as Memory;
  } catch {
    // Storage can be unreadable (private modes, quota); the list just starts afresh.
    return {};
  }
}

function writeMemory(memory: Memory): void {
  try {
    sessionStorage.setItem(memoryKey(), JSON.stringify(memory));
  } catch (error) {
    console.warn('The dashboard could not remember its pages:', error);
  }
}

/** The address of the list last shown in this tab, if any. */
export function rememberedSearch(): string | undefined {
  return readMemory().search;
}

/**
 * Where a move to `pageIndex` leads: forwards one page at a time with the
 * cursor the server gave, backwards to a page whose cursor is known, or to the
 * first page when it is not (an address opened without its history).
 */
export function movePage(
  state: BrowserState,
  pageIndex: number,
  nextCursor: string | null,
  knownCursor: (pageIndex: number) => string | null,
): BrowserState {
  if (pageIndex === state.pageIndex || pageIndex < 0) return state;
  if (pageIndex > state.pageIndex) {
    if (pageIndex !== state.pageIndex + 1 || nextCursor === null) return state;
    return { ...state, pageIndex, cursor: nextCursor };
  }
  const cursor = pageIndex === 0 ? null : knownCursor(pageIndex);
  return cursor === null
    ? { ...state, pageIndex: 0, cursor: undefined }
    : { ...state, pageIndex, cursor };
}

function rememberCursor(state: BrowserState): void {
  const memory = readMemory();
  const list = listKey(state);
  const pages = memory.cursors?.list === list ? [...memory.cursors.pages] : [];
  pages[state.pageIndex] = state.cursor ?? null;
  writeMemory({ ...memory, cursors: { list, pages } });
}

function knownCursors(state: BrowserState) {
  const { cursors } = readMemory();
  const list = listKey(state);
  return (pageIndex: number) =>
    cursors?.list === list ? (cursors.pages[pageIndex] ?? null) : null;
}

/** The dashboard's state, read from and written to the address. */
export function useDocumentsBrowser() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readBrowserState(params), [params]);
  const search = state === null ? null : params.toString();
  useEffect(() => {
    if (search !== null) writeMemory({ ...readMemory(), search });
  }, [search]);

  const go = useCallback(
    (next: BrowserState, replace = false) => {
      rememberCursor(next);
      setParams(writeBrowserState(next), { replace });
    },
    [setParams],
  );

  const actions = useMemo(
    () => ({
      /** Opens a list on its first page; `replace` for defaults, which add no history. */
      show: (next: Omit<BrowserState, 'pageIndex' | 'cursor'>, replace = false) =>
        go({ ...next, pageIndex: 0, cursor: undefined }, replace),
      page: (current: BrowserState, pageIndex: number, nextCursor: string | null) => {
        const next = movePage(current, pageIndex, nextCursor, knownCursors(current));
        if (next !== current) go(next);
      },
      /**
       * The page next to the current one (`delta` 1 or -1) with the cursor that
       * opens it, or null when there is none or its cursor is unknown.
       */
      adjacent: (current: BrowserState, delta: 1 | -1, nextCursor: string | null) => {
        const pageIndex = current.pageIndex + delta;
        const next = movePage(current, pageIndex, nextCursor, knownCursors(current));
        return next.pageIndex === pageIndex ? next : null;
      },
      /** Keeps the cursor of a page reached without paging to it (from an open document). */
      remember: rememberCursor,
      /** Puts back the address of an earlier visit, without a history entry of its own. */
      restore: (search: string) => setParams(new URLSearchParams(search), { replace: true }),
    }),
    [go, setParams],
  );

  return { state, ...actions };
}
