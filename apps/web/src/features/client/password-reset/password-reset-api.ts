import {
  API_PATHS,
  MessageSchema,
  PasswordResetLinkSchema,
  type Message,
  type PasswordResetConfirm,
  type PasswordResetRequest,
} from '@sufel/contract';
import { useMutation, useQuery, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useChallengedMutation } from '../../challenge/use-challenged-mutation';

type Options<T> = Omit<UseMutationOptions<Message, Error, T>, 'mutationFn'>;

/**
 * Asks for a reset link. Every request counts against the account, so one
 * flooded with requests asks for a verification, solved here like a login's.
 */
export function useRequestPasswordReset(options: Options<PasswordResetRequest> = {}) {
  return useChallengedMutation(
    async (request: PasswordResetRequest, headers) =>
      MessageSchema.parse(
        await api.post(API_PATHS.clientPasswordResetRequest, request, { headers }),
      ),
    options,
  );
}

/** Sets the new password with the token of a mailed link. */
export function useConfirmPasswordReset(options: Options<PasswordResetConfirm> = {}) {
  return useMutation({
    ...options,
    mutationFn: async (request: PasswordResetConfirm) =>
      MessageSchema.parse(await api.post(API_PATHS.clientPasswordResetConfirm, request)),
  });
}

/**
 * Whether a mailed link still resets a password, and whose: asked when its
 * page opens, so a used or expired link says so before anyone types.
 */
export function useResetLink(token: string) {
  return useQuery({
    queryKey: ['password-reset-link', token],
    queryFn: async () =>
      PasswordResetLinkSchema.parse(await api.post(API_PATHS.clientPasswordResetLink, { token })),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}
