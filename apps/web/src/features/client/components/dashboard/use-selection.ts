import { SELECTION_MAX, type DocumentDto } from '@sufel/contract';
import { useCallback, useMemo, useState } from 'react';

interface Chosen {
  /** The list these were chosen in; another list starts with none. */
  list: string | null;
  ids: ReadonlySet<number>;
  /** A choice was refused: the selection was full. */
  full: boolean;
}

const NONE: ReadonlySet<number> = new Set();

/**
 * Documents chosen to download together, across the pages of one list and at
 * most SELECTION_MAX of them (what the server takes in one ZIP).
 */
export function useSelection(list: string | null) {
  const [chosen, setChosen] = useState<Chosen>({ list, ids: NONE, full: false });
  const current = chosen.list === list ? chosen : { list, ids: NONE, full: false };

  /** Sets whether each of `docs` is chosen, adding only while there is room. */
  const choose = useCallback(
    (docs: readonly DocumentDto[], selected: (doc: DocumentDto) => boolean) =>
      setChosen((before) => {
        const ids = new Set(before.list === list ? before.ids : NONE);
        let full = false;
        for (const doc of docs) {
          if (!selected(doc)) ids.delete(doc.id);
          else if (ids.size < SELECTION_MAX) ids.add(doc.id);
          else if (!ids.has(doc.id)) full = true;
        }
        return { list, ids, full };
      }),
    [list],
  );

  return useMemo(
    () => ({
      ids: current.ids,
      full: current.full,
      isChosen: (doc: DocumentDto) => current.ids.has(doc.id),
      toggle: (doc: DocumentDto) => choose([doc], () => !current.ids.has(doc.id)),
      /** Chooses exactly `selected` among the documents of a page. */
      setPage: (page: readonly DocumentDto[], selected: ReadonlySet<number>) =>
        choose(page, (doc) => selected.has(doc.id)),
      clear: () => setChosen({ list, ids: NONE, full: false }),
    }),
    [current.ids, current.full, choose, list],
  );
}

export type Selection = ReturnType<typeof useSelection>;
