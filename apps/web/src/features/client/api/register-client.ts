import {
  API_PATHS,
  MessageSchema,
  type ClientRegisterRequest,
  type Message,
} from '@sufel/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useChallenge } from '../../challenge/use-challenge';

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
  const challenge = useChallenge();
  const mutation = useMutation({
    ...mutationConfig,
    mutationFn: async (request: ClientRegisterRequest) =>
      MessageSchema.parse(
        await challenge.run((headers) => api.post(API_PATHS.clientRegister, request, { headers })),
      ),
  });
  return { ...mutation, verifying: challenge.progress };
}
