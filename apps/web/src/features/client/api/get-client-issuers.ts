import { API_PATHS, ReceiverAccessSchema, type ReceiverAccess } from '@sufel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLIENT_KEY } from './query-keys';

/**
 * Which issuers' documents the account sees (every one once verified, else
 * those it proved a document of), and the operator's contact, who verifies.
 */
export async function getClientIssuers(): Promise<ReceiverAccess> {
  return ReceiverAccessSchema.parse(await api.get(API_PATHS.clientIssuers));
}

export const clientIssuersQueryOptions = () =>
  queryOptions({ queryKey: [...CLIENT_KEY, 'issuers'], queryFn: getClientIssuers });

export function useClientIssuers() {
  return useQuery(clientIssuersQueryOptions());
}
