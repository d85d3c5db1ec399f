import {
  API_PATHS,
  MessageSchema,
  type ClientRegisterRequest,
  type Message,
} from '@sufel/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Creates an account for a RUC that proves, with one document, that it receives documents here. */
export async function registerClient(request: ClientRegisterRequest): Promise<Message> {
  return MessageSchema.parse(await api.post(API_PATHS.clientRegister, request));
}

export function useRegisterClient(
  mutationConfig: Omit<
    UseMutationOptions<Message, Error, ClientRegisterRequest>,
    'mutationFn'
  > = {},
) {
  return useMutation({ ...mutationConfig, mutationFn: registerClient });
}
