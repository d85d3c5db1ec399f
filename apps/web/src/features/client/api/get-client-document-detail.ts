import { API_PATHS, DocumentDetailSchema, type DocumentDetail } from '@sufel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLIENT_KEY } from './query-keys';

/** Lines, taxes, payment and notes of one of the receiver's documents, read from its UBL. */
export async function getClientDocumentDetail(id: number): Promise<DocumentDetail> {
  return DocumentDetailSchema.parse(
    await api.get(
      API_PATHS.clientDocumentResource.replace(':id', String(id)).replace(':type', 'detail'),
    ),
  );
}

export const clientDocumentDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...CLIENT_KEY, 'document', id, 'detail'],
    queryFn: () => getClientDocumentDetail(id),
  });

export function useClientDocumentDetail(id: number) {
  return useQuery(clientDocumentDetailQueryOptions(id));
}
