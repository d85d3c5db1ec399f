import {
  API_PATHS,
  BackgroundExportListSchema,
  BackgroundExportSchema,
  type BackgroundExport,
  type ClientDocumentsFilter,
} from '@sufel/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getWebConfig } from '../../../config/env';
import { api } from '../../../lib/api-client';
import { CLIENT_KEY } from './query-keys';

/** How often a ZIP being prepared is asked after. */
const FOLLOW_MS = 2000;

const BACKGROUND_EXPORTS_KEY = [...CLIENT_KEY, 'background-exports'] as const;

export async function getBackgroundExports(): Promise<BackgroundExport[]> {
  return BackgroundExportListSchema.parse(await api.get(API_PATHS.clientExports)).items;
}

export const backgroundExportsQueryOptions = () =>
  queryOptions({
    queryKey: BACKGROUND_EXPORTS_KEY,
    queryFn: getBackgroundExports,
    // Followed while one is being prepared; left alone otherwise.
    refetchInterval: (query) =>
      query.state.data?.some((item) => item.estado === 'preparando') === true ? FOLLOW_MS : false,
  });

export function useBackgroundExports() {
  return useQuery(backgroundExportsQueryOptions());
}

/** Where the browser downloads a finished ZIP itself, straight to disk, whatever its size. */
export function backgroundExportHref(id: number): string {
  return `${getWebConfig().endpoint}${API_PATHS.clientExportFile.replace(':id', String(id))}`;
}

export async function startBackgroundExport(
  filter: ClientDocumentsFilter,
): Promise<BackgroundExport> {
  return BackgroundExportSchema.parse(await api.post(API_PATHS.clientExports, filter));
}

/** Asks for the ZIP of the filter to be built in the background. */
export function useStartBackgroundExport(options: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startBackgroundExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BACKGROUND_EXPORTS_KEY }),
    ...options,
  });
}
