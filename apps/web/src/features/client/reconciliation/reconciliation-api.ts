import {
  API_PATHS,
  MissingXmlSchema,
  ReconciliationItemsPageSchema,
  ReconciliationListSchema,
  ReconciliationSchema,
  SireCredentialsStatusSchema,
  type ReconciliationGroup,
  type SireCredentialsRequest,
} from '@sufel/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { CLIENT_KEY } from '../api/query-keys';

const RECONCILIATION_KEY = [...CLIENT_KEY, 'reconciliations'] as const;
const ITEMS_PAGE = 50;
/** How often a reconciliation being processed is looked at again. */
const FOLLOW_MS = 1500;

const pathOf = (path: string, id: number) => path.replace(':id', String(id));

export const reconciliationListQuery = queryOptions({
  queryKey: RECONCILIATION_KEY,
  queryFn: async () =>
    ReconciliationListSchema.parse(await api.get(API_PATHS.clientReconciliations)),
});

export const reconciliationQuery = (id: number) =>
  queryOptions({
    queryKey: [...RECONCILIATION_KEY, id] as const,
    queryFn: async () =>
      ReconciliationSchema.parse(await api.get(pathOf(API_PATHS.clientReconciliation, id))),
    refetchInterval: (query) => (query.state.data?.estado === 'procesando' ? FOLLOW_MS : false),
  });

export const reconciliationItemsQuery = (id: number, grupo: ReconciliationGroup) =>
  infiniteQueryOptions({
    queryKey: [...RECONCILIATION_KEY, id, 'items', grupo] as const,
    queryFn: async ({ pageParam }) => {
      const query = new URLSearchParams({ grupo, limit: String(ITEMS_PAGE) });
      if (pageParam !== null) query.set('cursor', pageParam);
      return ReconciliationItemsPageSchema.parse(
        await api.get(`${pathOf(API_PATHS.clientReconciliationItems, id)}?${query.toString()}`),
      );
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const missingXmlQuery = (id: number) =>
  queryOptions({
    queryKey: [...RECONCILIATION_KEY, id, 'missing-xml'] as const,
    queryFn: async () =>
      MissingXmlSchema.parse(await api.get(pathOf(API_PATHS.clientReconciliationMissingXml, id))),
  });

export const sireCredentialsQuery = queryOptions({
  queryKey: [...CLIENT_KEY, 'sire-credentials'] as const,
  queryFn: async () =>
    SireCredentialsStatusSchema.parse(await api.get(API_PATHS.clientSireCredentials)),
});

/** Uploads a proposal, telling the share sent; answers the reconciliation. */
export function useUploadProposal(onProgress: (sent: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) =>
      ReconciliationSchema.parse(
        await api.upload(API_PATHS.clientReconciliations, file, { name: file.name, onProgress }),
      ),
    onSuccess: (reconciliation) => {
      client.setQueryData(reconciliationQuery(reconciliation.id).queryKey, reconciliation);
      void client.invalidateQueries({ queryKey: RECONCILIATION_KEY });
    },
  });
}

/** "Descargar de SUNAT": the reconciliation of the period's proposal, as SIRE gives it. */
export function useDownloadFromSire() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (periodo: string) =>
      ReconciliationSchema.parse(await api.post(API_PATHS.clientReconciliationsSire, { periodo })),
    onSuccess: (reconciliation) => {
      client.setQueryData(reconciliationQuery(reconciliation.id).queryKey, reconciliation);
      void client.invalidateQueries({ queryKey: RECONCILIATION_KEY });
    },
  });
}

export function useSaveSireCredentials() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: SireCredentialsRequest) =>
      SireCredentialsStatusSchema.parse(
        await api.put(API_PATHS.clientSireCredentials, credentials),
      ),
    onSuccess: (status) => client.setQueryData(sireCredentialsQuery.queryKey, status),
  });
}

export function useRemoveSireCredentials() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(API_PATHS.clientSireCredentials),
    onSuccess: () => client.invalidateQueries({ queryKey: sireCredentialsQuery.queryKey }),
  });
}

export type ReconciliationFile = 'xlsx' | 'csv' | 'zip';

/** The workbook, the CSV, or the ZIP of the matched documents' files, saved under the server's name. */
export function useDownloadReconciliation() {
  return useMutation({
    mutationFn: async ({ id, file }: { id: number; file: ReconciliationFile }) => {
      const path =
        file === 'zip'
          ? pathOf(API_PATHS.clientReconciliationDocuments, id)
          : `${pathOf(API_PATHS.clientReconciliationExport, id)}?format=${file}`;
      const { blob, filename } = await api.download(path);
      saveBlob(blob, filename ?? `conciliacion-sire-${id}.${file}`);
    },
  });
}
