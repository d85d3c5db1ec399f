import {
  API_PATHS,
  MessageSchema,
  type Message,
  type PasswordResetConfirm,
  type PasswordResetRequest,
} from '@sufel/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useChallenge } from '../../challenge/use-challenge';

type Options<T> = Omit<UseMutationOptions<Message, Error, T>, 'mutationFn'>;

/**
 * Asks for a reset link. Every request counts against the account, so one
 * flooded with requests asks for a verification, solved here like a login's.
 */
export function useRequestPasswordReset(options: Options<PasswordResetRequest> = {}) {
  const challenge = useChallenge();
  const mutation = useMutation({
    ...options,
    mutationFn: async (request: PasswordResetRequest) =>
      MessageSchema.parse(
        await challenge.run((headers) =>
          api.post(API_PATHS.clientPasswordResetRequest, request, { headers }),
        ),
      ),
  });
  return { ...mutation, verifying: challenge.progress };
}

/** Sets the new password with the token of a mailed link. */
export function useConfirmPasswordReset(options: Options<PasswordResetConfirm> = {}) {
  return useMutation({
    ...options,
    mutationFn: async (request: PasswordResetConfirm) =>
      MessageSchema.parse(await api.post(API_PATHS.clientPasswordResetConfirm, request)),
  });
}
