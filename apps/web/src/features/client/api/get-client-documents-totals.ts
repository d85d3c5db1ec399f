import {
  API_PATHS,
  DocumentTotalsSchema,
  type ClientDocumentsFilter,
  type DocumentTotals,
} from '@sufel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { documentsSearch } from './get-client-documents';
import { CLIENT_KEY } from './query-keys';

/** The count and sums per currency of everything a filter holds, apart from its pages. */
export async function getClientDocumentsTotals(
  filter: ClientDocumentsFilter,
): Promise<DocumentTotals> {
  const search = documentsSearch(filter);
  return DocumentTotalsSchema.parse(
    await api.get(`${API_PATHS.clientDocumentsTotals}${search ? `?${search}` : ''}`),
  );
}

export const clientDocumentsTotalsQueryOptions = (filter: ClientDocumentsFilter) =>
  queryOptions({
    queryKey: [...CLIENT_KEY, 'documents-totals', filter] as const,
    queryFn: () => getClientDocumentsTotals(filter),
  });

/** Waits while `filter` is null (no list chosen yet, or dates that cannot be searched). */
export function useClientDocumentsTotals(filter: ClientDocumentsFilter | null) {
  return useQuery({
    ...clientDocumentsTotalsQueryOptions(filter ?? { start: '', end: '' }),
    enabled: filter !== null,
  });
}
