import { API_PATHS, IssuerSummarySchema, type IssuerSummary } from '@sufel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLIENT_KEY } from './query-keys';

/** The issuers that sent this receiver documents. */
export async function getClientCompanies(): Promise<IssuerSummary[]> {
  return IssuerSummarySchema.array().parse(await api.get(API_PATHS.clientCompanies));
}

export const clientCompaniesQueryOptions = () =>
  queryOptions({ queryKey: [...CLIENT_KEY, 'companies'], queryFn: getClientCompanies });

export function useClientCompanies() {
  return useQuery(clientCompaniesQueryOptions());
}
