import { API_PATHS } from '@sufel/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clientSession } from '../session/client-session';
import { CLIENT_KEY } from './query-keys';

export async function logoutClient(): Promise<void> {
  await api.post(API_PATHS.clientLogout);
}

/**
 * Signs out on the server and forgets the session here, even when the server
 * cannot be reached (the client logs that failure): the user asked to leave.
 */
export function useLogoutClient(
  mutationConfig: Omit<UseMutationOptions<void, Error, void>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  const { onSettled, ...config } = mutationConfig;
  return useMutation({
    ...config,
    mutationFn: logoutClient,
    onSettled: (...args) => {
      clientSession.clear();
      queryClient.removeQueries({ queryKey: CLIENT_KEY });
      return onSettled?.(...args);
    },
  });
}
