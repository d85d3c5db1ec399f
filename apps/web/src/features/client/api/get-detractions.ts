import {
  API_PATHS,
  DetractionsSchema,
  type Detractions,
  type DetractionsQuery,
} from '@sufel/contract';
import {
  queryOptions,
  useMutation,
  useQuery,
  type UseMutationOptions,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { CLIENT_KEY } from './query-keys';

type Range = Pick<DetractionsQuery, 'start' | 'end'>;

const detractionsPath = ({ start, end }: Range, format?: 'csv') => {
  const search = new URLSearchParams({ start, end });
  if (format !== undefined) search.set('format', format);
  return `${API_PATHS.clientDetractions}?${search.toString()}`;
};

/** Documents issued in the range subject to detracción, with the total to deposit. */
export async function getDetractions(range: Range): Promise<Detractions> {
  return DetractionsSchema.parse(await api.get(detractionsPath(range)));
}

export const detractionsQueryOptions = (range: Range) =>
  queryOptions({
    queryKey: [...CLIENT_KEY, 'detractions', range] as const,
    queryFn: () => getDetractions(range),
  });

export function useDetractions(range: Range) {
  return useQuery(detractionsQueryOptions(range));
}

/** The same list as the CSV the accountant takes to the bank, saved under the server's name. */
export async function downloadDetractionsCsv(range: Range): Promise<void> {
  const { blob, filename } = await api.download(detractionsPath(range, 'csv'));
  saveBlob(blob, filename ?? `detracciones-${range.start}-${range.end}.csv`);
}

export function useDownloadDetractionsCsv(
  mutationConfig: Omit<UseMutationOptions<void, Error, Range>, 'mutationFn'> = {},
) {
  return useMutation({ ...mutationConfig, mutationFn: downloadDetractionsCsv });
}
