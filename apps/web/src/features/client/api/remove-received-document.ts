import { API_PATHS, MessageSchema, type Message } from '@sufel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLIENT_KEY } from './query-keys';

/** What a removed document leaves: every list and count of the account's documents. */
const REMOVED_DOCUMENT_KEYS = [CLIENT_KEY];

export async function removeReceivedDocument(id: number): Promise<Message> {
  return MessageSchema.parse(
    await api.delete(API_PATHS.clientReceivedDocument.replace(':id', String(id))),
  );
}

/** "Quitar": the account removes a copy it uploaded or got by mail. */
export function useRemoveReceivedDocument(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeReceivedDocument(id),
    onSuccess: async () => {
      await Promise.all(
        REMOVED_DOCUMENT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
