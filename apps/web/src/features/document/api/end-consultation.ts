import { API_PATHS } from '@sufel/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { documentSession } from '../session/document-session';
import { CONSULTATION_KEY } from './query-keys';

export async function endConsultation(): Promise<void> {
  await api.post(API_PATHS.documentLogout);
}

/**
 * Ends the consultation on the server and forgets it here. The page forgets it
 * even when the server cannot be reached (the failure is logged by the client):
 * the user asked to leave, and the cookie expires on its own.
 */
export function useEndConsultation(
  mutationConfig: Omit<UseMutationOptions<void, Error, void>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  const { onSettled, ...config } = mutationConfig;
  return useMutation({
    ...config,
    mutationFn: endConsultation,
    onSettled: (...args) => {
      documentSession.clear();
      queryClient.removeQueries({ queryKey: CONSULTATION_KEY });
      return onSettled?.(...args);
    },
  });
}
