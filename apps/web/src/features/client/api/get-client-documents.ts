import {
  API_PATHS,
  DocumentPageSchema,
  type ClientDocumentsPageQuery,
  type DocumentPage,
} from '@sufel/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
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

export const clientDocumentsQueryOptions = (query: ClientDocumentsPageQuery) =>
  queryOptions({
    queryKey: [...CLIENT_KEY, 'documents', query],
    queryFn: () => getClientDocuments(query),
    // The grid keeps showing the last page while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useClientDocuments(query: ClientDocumentsPageQuery) {
  return useQuery(clientDocumentsQueryOptions(query));
}
