import {
  API_PATHS,
  MessageSchema,
  type ClientResetPasswordRequest,
  type Message,
} from '@sufel/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Sets a new password for a RUC that proves itself with one of its documents. */
export async function resetClientPassword(request: ClientResetPasswordRequest): Promise<Message> {
  return MessageSchema.parse(await api.post(API_PATHS.clientResetPassword, request));
}

export function useResetClientPassword(
  mutationConfig: Omit<
    UseMutationOptions<Message, Error, ClientResetPasswordRequest>,
    'mutationFn'
  > = {},
) {
  return useMutation({ ...mutationConfig, mutationFn: resetClientPassword });
}
