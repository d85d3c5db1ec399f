import { API_PATHS, ReceivedUploadSchema, type ReceivedUpload } from '@sufel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLIENT_KEY } from './query-keys';

/** What added documents change: the lists and the latest document, the export counts. */
const ADDED_DOCUMENTS_KEYS = [
  [...CLIENT_KEY, 'documents'],
  [...CLIENT_KEY, 'export-count'],
];

export async function addReceivedDocuments(
  files: readonly File[],
  onProgress: (sent: number) => void,
): Promise<ReceivedUpload> {
  return ReceivedUploadSchema.parse(
    await api.upload(API_PATHS.clientReceived, files, { field: 'files', onProgress }),
  );
}

/** "Agregar comprobantes": uploads XML and ZIP files, telling the share sent; answers each file's outcome. */
export function useAddReceivedDocuments(onProgress: (sent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: readonly File[]) => addReceivedDocuments(files, onProgress),
    onSuccess: async ({ items }) => {
      if (!items.some((item) => item.estado === 'agregado')) return;
      await Promise.all(
        ADDED_DOCUMENTS_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
