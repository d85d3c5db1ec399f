import type { DocumentPage } from '@sufel/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { clientDocumentsQueryOptions } from '../../api/get-client-documents';
import { pageQuery, writeBrowserState, type BrowserState } from './browser-url';

export interface DocumentSteps {
  previous: (() => void) | null;
  next: (() => void) | null;
}

interface StepsInput {
  state: BrowserState | null;
  page: DocumentPage | undefined;
  openId: number | null;
  /** Shows another document; with a list query, over that list (another page of it). */
  move: (id: number, listSearch?: string) => void;
  /** The page beside the current one, or null when it cannot be reached. */
  adjacent: (
    current: BrowserState,
    delta: 1 | -1,
    nextCursor: string | null,
  ) => BrowserState | null;
  /** Keeps the cursor of a page reached this way, for paging back to it later. */
  remember: (state: BrowserState) => void;
}

/**
 * Previous and next through the list behind an open document, in its order,
 * crossing into the page before or after by the cursors the list pages with.
 * Null where there is nothing to move to, or the document is not on the page.
 */
export function useDocumentSteps({
  state,
  page,
  openId,
  move,
  adjacent,
  remember,
}: StepsInput): DocumentSteps {
  const queryClient = useQueryClient();
  // A page being read: further steps wait for it, without disabling the button that has the focus.
  const loading = useRef(false);

  return useMemo(() => {
    const items = page?.items ?? [];
    const index = openId === null ? -1 : items.findIndex((doc) => doc.id === openId);
    if (state === null || index < 0) return { previous: null, next: null };

    const crossTo = (delta: 1 | -1) => {
      const target = adjacent(state, delta, page?.nextCursor ?? null);
      if (target === null) return null;
      return () => {
        if (loading.current) return;
        loading.current = true;
        queryClient
          .fetchQuery(clientDocumentsQueryOptions(pageQuery(target)))
          .then((next) => {
            const doc = delta === 1 ? next.items[0] : next.items.at(-1);
            if (doc === undefined) return;
            remember(target);
            move(doc.id, writeBrowserState(target).toString());
          })
          .catch((error: unknown) => console.warn('The next page could not be loaded:', error))
          .finally(() => {
            loading.current = false;
          });
      };
    };
    const before = items[index - 1];
    const after = items[index + 1];
    return {
      previous:
        before !== undefined ? () => move(before.id) : state.pageIndex > 0 ? crossTo(-1) : null,
      next: after !== undefined ? () => move(after.id) : page?.nextCursor ? crossTo(1) : null,
    };
  }, [state, page, openId, move, adjacent, remember, queryClient]);
}
