import {
  API_PATHS,
  WithholdingsSchema,
  type Withholdings,
  type WithholdingsQuery,
} from '@sufel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLIENT_KEY } from './query-keys';

/** The retention and perception receipts issued to the receiver in the range, and their months. */
export async function getWithholdings({ start, end }: WithholdingsQuery): Promise<Withholdings> {
  const search = new URLSearchParams({ start, end });
  return WithholdingsSchema.parse(await api.get(`${API_PATHS.clientWithholdings}?${search}`));
}

export const withholdingsQueryOptions = (range: WithholdingsQuery) =>
  queryOptions({
    queryKey: [...CLIENT_KEY, 'withholdings', range] as const,
    queryFn: () => getWithholdings(range),
  });

export function useWithholdings(range: WithholdingsQuery) {
  return useQuery(withholdingsQueryOptions(range));
}
