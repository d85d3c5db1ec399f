import {
  API_PATHS,
  ClientIssuerAddedSchema,
  type ClientIssuerAdded,
  type ClientIssuerAddRequest,
} from '@sufel/contract';
import { useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useChallengedMutation } from '../../challenge/use-challenged-mutation';
import { clientIssuersQueryOptions } from './get-client-issuers';
import { CLIENT_KEY } from './query-keys';

/** What a new issuer's documents change: the lists, the issuer filter, the export counts. */
const SEEN_DOCUMENTS_KEYS = [
  [...CLIENT_KEY, 'documents'],
  [...CLIENT_KEY, 'companies'],
  [...CLIENT_KEY, 'export-count'],
];

export async function addClientIssuer(
  request: ClientIssuerAddRequest,
  headers: Record<string, string> = {},
): Promise<ClientIssuerAdded> {
  return ClientIssuerAddedSchema.parse(
    await api.post(API_PATHS.clientIssuers, request, { headers }),
  );
}

/**
 * "Agregar emisor": proves one document of an issuer to see all of its
 * documents; guessing is limited like a consultation, so the server may ask
 * for a verification first.
 */
export function useAddClientIssuer(
  mutationConfig: Omit<
    UseMutationOptions<ClientIssuerAdded, Error, ClientIssuerAddRequest>,
    'mutationFn'
  > = {},
) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig;
  return useChallengedMutation(addClientIssuer, {
    ...config,
    onSuccess: (...args) => {
      queryClient.setQueryData(clientIssuersQueryOptions().queryKey, args[0].acceso);
      for (const queryKey of SEEN_DOCUMENTS_KEYS) void queryClient.invalidateQueries({ queryKey });
      return onSuccess?.(...args);
    },
  });
}
