import {
  API_PATHS,
  MessageSchema,
  type ChangePasswordRequest,
  type Message,
} from '@sufel/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function changeClientPassword(request: ChangePasswordRequest): Promise<Message> {
  return MessageSchema.parse(await api.post(API_PATHS.clientChangePassword, request));
}

export function useChangeClientPassword(
  mutationConfig: Omit<
    UseMutationOptions<Message, Error, ChangePasswordRequest>,
    'mutationFn'
  > = {},
) {
  return useMutation({ ...mutationConfig, mutationFn: changeClientPassword });
}
