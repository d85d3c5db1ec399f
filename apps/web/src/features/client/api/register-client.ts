import {
  API_PATHS,
  ClientRegisteredSchema,
  type ClientRegistered,
  type ClientRegisterRequest,
} from '@sufel/contract';
import { useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useChallengedMutation } from '../../challenge/use-challenged-mutation';
import { clientSession } from '../session/client-session';
import { CLIENT_KEY } from './query-keys';

/**
 * Creates an account for a RUC that proves, with one document, that it
 * receives documents here; solves a verification when the server asks one.
 * The answer signs the new account in, as a login would.
 */
export function useRegisterClient(
  mutationConfig: Omit<
    UseMutationOptions<ClientRegistered, Error, ClientRegisterRequest>,
    'mutationFn'
  > = {},
) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig;
  return useChallengedMutation(
    async (request: ClientRegisterRequest, headers) =>
      ClientRegisteredSchema.parse(await api.post(API_PATHS.clientRegister, request, { headers })),
    {
      ...config,
      onSuccess: (...args) => {
        const [registered, request] = args;
        queryClient.removeQueries({ queryKey: CLIENT_KEY });
        clientSession.save({ expire: registered.expire, ruc: request.documento.trim() });
        return onSuccess?.(...args);
      },
    },
  );
}
