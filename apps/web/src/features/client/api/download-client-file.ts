import { API_PATHS, downloadFileName, type DocumentDto, type FileType } from '@sufel/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';

export async function getClientDocumentFile(id: number, type: FileType): Promise<Blob> {
  return api.getFile(
    API_PATHS.clientDocumentResource.replace(':id', String(id)).replace(':type', type),
  );
}

interface DownloadRequest {
  doc: DocumentDto;
  type: FileType;
}

/** Downloads one file of a listed document as `<ruc>-<tipo>-<serie>-<correlativo>.<ext>` (`R-…` for the CDR). */
export function useDownloadClientFile(
  mutationConfig: Omit<UseMutationOptions<void, Error, DownloadRequest>, 'mutationFn'> = {},
) {
  return useMutation({
    ...mutationConfig,
    mutationFn: async ({ doc, type }: DownloadRequest) => {
      const file = await getClientDocumentFile(doc.id, type);
      saveBlob(file, downloadFileName(doc, type, file.type));
    },
  });
}
