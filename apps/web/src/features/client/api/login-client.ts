import {
  API_PATHS,
  TokenResponseSchema,
  type ClientLoginRequest,
  type TokenResponse,
} from '@sufel/contract';
import { useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useChallengedMutation } from '../../challenge/use-challenged-mutation';
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
  const { onSuccess, ...config } = mutationConfig;
  return useChallengedMutation(loginClient, {
    ...config,
    onSuccess: (...args) => {
      const [token, credentials] = args;
      queryClient.removeQueries({ queryKey: CLIENT_KEY });
      clientSession.save({ expire: token.expire, ruc: credentials.documento.trim() });
      return onSuccess?.(...args);
    },
  });
}
