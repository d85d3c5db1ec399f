import { DocumentDetailSchema, type DocumentDetail } from '@sufel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { documentResourcePath } from './get-document-info';
import { CONSULTATION_KEY } from './query-keys';

/** What the document's UBL says beyond its header: lines, taxes, payment, notes. */
export async function getDocumentDetail(): Promise<DocumentDetail> {
  return DocumentDetailSchema.parse(await api.get(documentResourcePath('detail')));
}

export const documentDetailQueryOptions = () =>
  queryOptions({ queryKey: [...CONSULTATION_KEY, 'detail'], queryFn: getDocumentDetail });

export function useDocumentDetail() {
  return useQuery(documentDetailQueryOptions());
}
