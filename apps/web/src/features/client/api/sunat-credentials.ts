import {
  API_PATHS,
  MessageSchema,
  SunatCredentialsStatusSchema,
  type Message,
  type SunatCredentialsRequest,
  type SunatCredentialsStatus,
} from '@sufel/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLIENT_KEY } from './query-keys';

const CREDENTIALS_KEY = [...CLIENT_KEY, 'sunat-credentials'] as const;

/** Whether the receiver's "Credenciales de API SUNAT" are saved and work; never the secret. */
export async function getSunatCredentials(): Promise<SunatCredentialsStatus> {
  return SunatCredentialsStatusSchema.parse(await api.get(API_PATHS.clientSunatCredentials));
}

/** Saves them after SUNAT tried them; SUNAT's refusal answers 400 with its reason. */
export async function saveSunatCredentials(
  credentials: SunatCredentialsRequest,
): Promise<SunatCredentialsStatus> {
  return SunatCredentialsStatusSchema.parse(
    await api.put(API_PATHS.clientSunatCredentials, credentials),
  );
}

export async function removeSunatCredentials(): Promise<Message> {
  return MessageSchema.parse(await api.delete(API_PATHS.clientSunatCredentials));
}

export const sunatCredentialsQueryOptions = () =>
  queryOptions({ queryKey: CREDENTIALS_KEY, queryFn: getSunatCredentials });

export function useSunatCredentials() {
  return useQuery(sunatCredentialsQueryOptions());
}

export function useSaveSunatCredentials({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSunatCredentials,
    onSuccess: (status) => {
      queryClient.setQueryData(CREDENTIALS_KEY, status);
      onSuccess?.();
    },
  });
}

export function useRemoveSunatCredentials({
  onSuccess,
}: { onSuccess?: (message: Message) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSunatCredentials,
    onSuccess: async (message) => {
      await queryClient.invalidateQueries({ queryKey: CREDENTIALS_KEY });
      onSuccess?.(message);
    },
  });
}
