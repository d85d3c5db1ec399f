import {
  API_PATHS,
  MessageSchema,
  type ClientRegisterRequest,
  type Message,
} from '@sufel/contract';
import type { UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useChallengedMutation } from '../../challenge/use-challenged-mutation';

/**
 * Creates an account for a RUC that proves, with one document, that it
 * receives documents here; solves a verification when the server asks one.
 */
export function useRegisterClient(
  mutationConfig: Omit<
    UseMutationOptions<Message, Error, ClientRegisterRequest>,
    'mutationFn'
  > = {},
) {
  return useChallengedMutation(
    async (request: ClientRegisterRequest, headers) =>
      MessageSchema.parse(await api.post(API_PATHS.clientRegister, request, { headers })),
    mutationConfig,
  );
}
