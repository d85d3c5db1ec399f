import {
  API_PATHS,
  TokenResponseSchema,
  type ClientLoginRequest,
  type TokenResponse,
} from '@sufel/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useChallenge } from '../../challenge/use-challenge';
import { clientSession } from '../session/client-session';
import { CLIENT_KEY } from './query-keys';

export async function loginClient(
  credentials: ClientLoginRequest,
  headers: Record<string, string> = {},
): Promise<TokenResponse> {
  return TokenResponseSchema.parse(await api.post(API_PATHS.clientLogin, credentials, { headers }));
}

/** Signs in, solving a verification when strangers' guesses made the account ask for one. */

export function useLoginClient(
  mutationConfig: Omit<
    UseMutationOptions<TokenResponse, Error, ClientLoginRequest>,
    'mutationFn'
  > = {},
) {
  const queryClient = useQueryClient();
  const challenge = useChallenge();
  const { onSuccess, ...config } = mutationConfig;
  const mutation = useMutation({
    ...config,
    mutationFn: (credentials: ClientLoginRequest) =>
      challenge.run((headers) => loginClient(credentials, headers)),
    onSuccess: (...args) => {
      const [token, credentials] = args;
      queryClient.removeQueries({ queryKey: CLIENT_KEY });
      clientSession.save({ expire: token.expire, ruc: credentials.documento.trim() });
      return onSuccess?.(...args);
    },
  });
  return { ...mutation, verifying: challenge.progress };
}
