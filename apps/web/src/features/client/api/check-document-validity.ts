import {
  API_PATHS,
  DocumentValidityAnswerSchema,
  type DocumentValidityAnswer,
} from '@sufel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLIENT_KEY } from './query-keys';

/**
 * Asks SUNAT now for one document's state. The server waits a little for
 * SUNAT: `pending` says it did not answer yet (the result is kept when it does).
 */
export async function checkDocumentValidity(id: number): Promise<DocumentValidityAnswer> {
  return DocumentValidityAnswerSchema.parse(
    await api.post(API_PATHS.clientDocumentValidity.replace(':id', String(id))),
  );
}

export function useCheckDocumentValidity({
  onSuccess,
  onError,
}: {
  onSuccess?: (answer: DocumentValidityAnswer) => void;
  onError?: (error: unknown) => void;
} = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkDocumentValidity,
    onSuccess: async (answer, id) => {
      // The document's info, detail and list rows all carry SUNAT's state.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...CLIENT_KEY, 'document', id] }),
        queryClient.invalidateQueries({ queryKey: [...CLIENT_KEY, 'documents'] }),
      ]);
      onSuccess?.(answer);
    },
    onError,
  });
}
