import { downloadFileName, type DocumentDto, type FileType } from '@sufel/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { documentResourcePath } from './get-document-info';

export async function getDocumentFile(type: FileType): Promise<Blob> {
  return api.getFile(documentResourcePath(type));
}

interface DownloadRequest {
  doc: DocumentDto;
  type: FileType;
}

/** Downloads one file of the consulted document, saved as `<ruc>-<tipo>-<serie>-<correlativo>.<ext>` (`R-…` for the CDR). */
export function useDownloadDocumentFile(
  mutationConfig: Omit<UseMutationOptions<void, Error, DownloadRequest>, 'mutationFn'> = {},
) {
  return useMutation({
    ...mutationConfig,
    mutationFn: async ({ doc, type }: DownloadRequest) => {
      const file = await getDocumentFile(type);
      saveBlob(file, downloadFileName(doc, type, file.type));
    },
  });
}
