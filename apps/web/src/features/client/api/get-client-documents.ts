import {
  API_PATHS,
  DocumentPageSchema,
  type ClientDocumentsPageQuery,
  type DocumentPage,
} from '@sufel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLIENT_KEY } from './query-keys';

/** Query string of a page request, leaving out what was not given. */
export function documentsSearch(query: ClientDocumentsPageQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') {
      params.set(key, String(value));
    }
  }
  return params.toString();
}

/** One page of the receiver's documents, in the server's order. */
export async function getClientDocuments(query: ClientDocumentsPageQuery): Promise<DocumentPage> {
  const search = documentsSearch(query);
  return DocumentPageSchema.parse(
    await api.get(`${API_PATHS.clientDocuments}${search ? `?${search}` : ''}`),
  );
}

/** Two requests for pages of the same list: same filter, order and page size. */
function sameList(a: ClientDocumentsPageQuery, b: ClientDocumentsPageQuery): boolean {
  return (
    documentsSearch({ ...a, cursor: undefined }) === documentsSearch({ ...b, cursor: undefined })
  );
}

export const clientDocumentsQueryOptions = (query: ClientDocumentsPageQuery) =>
  queryOptions({
    queryKey: [...CLIENT_KEY, 'documents', query] as const,
    queryFn: () => getClientDocuments(query),
    // The last page stays on screen while the next page of the same list loads;
    // rows of another filter or order never do.
    placeholderData: (previous, previousQuery) =>
      previousQuery !== undefined && sameList(previousQuery.queryKey[2], query)
        ? previous
        : undefined,
  });

/** Waits while `query` is null: the dashboard first decides which range to show. */
export function useClientDocuments(query: ClientDocumentsPageQuery | null) {
  return useQuery({
    ...clientDocumentsQueryOptions(query ?? {}),
    enabled: query !== null,
  });
}
