import {
  API_PATHS,
  PasswordChangedSchema,
  type ChangePasswordRequest,
  type PasswordChanged,
} from '@sufel/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clientSession } from '../session/client-session';

export async function changeClientPassword(
  request: ChangePasswordRequest,
): Promise<PasswordChanged> {
  return PasswordChangedSchema.parse(await api.post(API_PATHS.clientChangePassword, request));
}

/**
 * Changes the password. The change ends every session, and the answer's
 * cookie starts a new one for this browser: its facts take the new expiry.
 */
export function useChangeClientPassword(
  mutationConfig: Omit<
    UseMutationOptions<PasswordChanged, Error, ChangePasswordRequest>,
    'mutationFn'
  > = {},
) {
  const { onSuccess, ...config } = mutationConfig;
  return useMutation({
    ...config,
    mutationFn: changeClientPassword,
    onSuccess: (...args) => {
      const session = clientSession.read();
      if (session !== null) clientSession.save({ ...session, expire: args[0].expire });
      return onSuccess?.(...args);
    },
  });
}
