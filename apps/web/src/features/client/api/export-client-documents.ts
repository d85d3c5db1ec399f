import { API_PATHS, type ClientDocumentsFilter, type ExportFormat } from '@sufel/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { documentsSearch } from './get-client-documents';

export interface ExportRequest {
  filter: ClientDocumentsFilter | Record<string, never>;
  format: ExportFormat;
  /** Only these documents: a selection. */
  ids?: readonly number[];
}

/** Downloads an export and saves it under the name the server gave it. */
export async function exportClientDocuments(
  { filter, format, ids }: ExportRequest,
  options: { signal?: AbortSignal; onProgress?: (received: number) => void } = {},
): Promise<void> {
  const search = new URLSearchParams(documentsSearch(filter));
  search.set('format', format);
  if (ids !== undefined) search.set('ids', ids.join(','));
  const { blob, filename } = await api.download(
    `${API_PATHS.clientDocumentsExport}?${search.toString()}`,
    options,
  );
  saveBlob(blob, filename ?? `comprobantes.${format}`);
}

/**
 * An export in progress: its bytes received so far, and a way to cancel it.
 * Cancelling settles the mutation with an AbortError, which callers ignore.
 */
export function useExportClientDocuments(
  mutationConfig: Omit<UseMutationOptions<void, Error, ExportRequest>, 'mutationFn'> = {},
) {
  const [received, setReceived] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    ...mutationConfig,
    mutationFn: async (request: ExportRequest) => {
      controller.current = new AbortController();
      setReceived(0);
      await exportClientDocuments(request, {
        signal: controller.current.signal,
        onProgress: setReceived,
      });
    },
  });
  return { ...mutation, received, cancel: () => controller.current?.abort() };
}
