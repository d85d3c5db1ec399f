import { API_PATHS, PayablesSchema, type Payables, type PayablesQuery } from '@sufel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLIENT_KEY } from './query-keys';

/** Instalments falling due in the range, across every issuer, with their totals. */
export async function getPayables({ start, end }: PayablesQuery): Promise<Payables> {
  const search = new URLSearchParams({ start, end });
  return PayablesSchema.parse(await api.get(`${API_PATHS.clientPayables}?${search.toString()}`));
}

export const payablesQueryOptions = (range: PayablesQuery) =>
  queryOptions({
    queryKey: [...CLIENT_KEY, 'payables', range] as const,
    queryFn: () => getPayables(range),
  });

export function usePayables(range: PayablesQuery) {
  return useQuery(payablesQueryOptions(range));
}
