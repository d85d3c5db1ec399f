import { API_PATHS, DocumentSchema, type DocumentDto } from '@sufel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLIENT_KEY } from './query-keys';

/** One of the receiver's documents as the lists show it; another receiver's answers 404. */
export async function getClientDocument(id: number): Promise<DocumentDto> {
  return DocumentSchema.parse(
    await api.get(
      API_PATHS.clientDocumentResource.replace(':id', String(id)).replace(':type', 'info'),
    ),
  );
}

export const clientDocumentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...CLIENT_KEY, 'document', id, 'info'],
    queryFn: () => getClientDocument(id),
  });

export function useClientDocument(id: number) {
  return useQuery(clientDocumentQueryOptions(id));
}
