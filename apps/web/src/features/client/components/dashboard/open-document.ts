import { useCallback, useRef } from 'react';
import { useLocation, useRoute, useSearch } from 'wouter';
import { paths } from '../../../../config/paths';

/** Query parameters of a notice mail's link that are not part of a list. */
const LINK_ONLY = ['documento', 'ruc'] as const;

/**
 * Where an older link (`/client?documento=<id>`, as notice mails wrote it)
 * now leads: the document's own address over the same list; null for any
 * other address.
 */
export function documentAddressOfLink(search: string): string | null {
  const params = new URLSearchParams(search);
  const id = Number(params.get('documento'));
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  for (const name of LINK_ONLY) params.delete(name);
  return paths.client.document.href(id, params.toString());
}

function listHref(search: string): string {
  const root = paths.client.dashboard.href();
  return search === '' ? root : `${root}?${search}`;
}

/**
 * The document open over the list, as its address (`/client/documents/:id`)
 * says: opening one adds a history entry, so the browser's Back closes it;
 * moving to another replaces the entry, so Back still returns to the list.
 */
export function useOpenDocument() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const [, params] = useRoute(paths.client.document.path);
  const id = Number(params?.id);
  const openId = Number.isSafeInteger(id) && id > 0 ? id : null;
  // The list's query when this screen opened the document: only then is the entry before it that list.
  const openedFrom = useRef<string | null>(null);

  const open = useCallback(
    (docId: number) => {
      openedFrom.current = search;
      navigate(paths.client.document.href(docId, search));
    },
    [navigate, search],
  );
  const move = useCallback(
    (docId: number, listSearch = search) =>
      navigate(paths.client.document.href(docId, listSearch), { replace: true }),
    [navigate, search],
  );
  const close = useCallback(() => {
    if (openedFrom.current === search) {
      history.back();
    } else {
      navigate(listHref(search), { replace: true });
    }
    openedFrom.current = null;
  }, [navigate, search]);

  return { openId, open, move, close };
}
