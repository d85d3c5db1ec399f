import { API_PATHS, LatestDocumentSchema, type LatestDocument } from '@sufel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLIENT_KEY } from './query-keys';

/** When the receiver's most recent document is from: the list opens where its documents are. */
export async function getLatestDocument(): Promise<LatestDocument> {
  return LatestDocumentSchema.parse(await api.get(API_PATHS.clientDocumentsLatest));
}

export const latestDocumentQueryOptions = () =>
  queryOptions({ queryKey: [...CLIENT_KEY, 'documents', 'latest'], queryFn: getLatestDocument });

export function useLatestDocument() {
  return useQuery(latestDocumentQueryOptions());
}
