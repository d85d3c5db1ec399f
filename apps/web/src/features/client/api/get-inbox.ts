import { API_PATHS, InboxSchema, type Inbox } from '@sufel/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLIENT_KEY } from './query-keys';

const INBOX_PAGE_SIZE = 10;

export async function getInbox(cursor: string | null): Promise<Inbox> {
  const query = new URLSearchParams({ limit: String(INBOX_PAGE_SIZE) });
  if (cursor !== null) query.set('cursor', cursor);
  return InboxSchema.parse(await api.get(`${API_PATHS.clientInbox}?${query.toString()}`));
}

export const inboxQueryOptions = infiniteQueryOptions({
  queryKey: [...CLIENT_KEY, 'inbox'] as const,
  queryFn: ({ pageParam }) => getInbox(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

/** The account's inbound address and its mail log, a page at a time. */
export function useInbox() {
  return useInfiniteQuery(inboxQueryOptions);
}
