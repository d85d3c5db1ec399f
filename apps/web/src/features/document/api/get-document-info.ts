import { API_PATHS, DocumentSchema, type DocumentDto } from '@sufel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CONSULTATION_KEY } from './query-keys';

export const documentResourcePath = (type: string) =>
  API_PATHS.documentResource.replace(':type', type);

export async function getDocumentInfo(): Promise<DocumentDto> {
  return DocumentSchema.parse(await api.get(documentResourcePath('info')));
}

export const documentInfoQueryOptions = () =>
  queryOptions({ queryKey: [...CONSULTATION_KEY, 'info'], queryFn: getDocumentInfo });

export function useDocumentInfo() {
  return useQuery(documentInfoQueryOptions());
}
