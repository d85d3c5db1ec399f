import {
  API_PATHS,
  ExportCountSchema,
  type ClientDocumentsFilter,
  type ExportCount,
} from '@sufel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { documentsSearch } from './get-client-documents';
import { CLIENT_KEY } from './query-keys';

/** How many documents an export of this filter would hold, and the most one may. */
export async function getExportCount(filter: ClientDocumentsFilter): Promise<ExportCount> {
  const search = documentsSearch(filter);
  return ExportCountSchema.parse(
    await api.get(`${API_PATHS.clientDocumentsExportCount}${search ? `?${search}` : ''}`),
  );
}

export const exportCountQueryOptions = (filter: ClientDocumentsFilter) =>
  queryOptions({
    queryKey: [...CLIENT_KEY, 'export-count', filter],
    queryFn: () => getExportCount(filter),
  });

/** Asked only while the export menu is open. */
export function useExportCount(filter: ClientDocumentsFilter, enabled: boolean) {
  return useQuery({ ...exportCountQueryOptions(filter), enabled });
}
