import {
  API_PATHS,
  ValidityCheckListSchema,
  ValidityCheckSchema,
  ValidityCheckStartedSchema,
  type ValidityCheck,
  type ValidityCheckRequest,
  type ValidityCheckStarted,
} from '@sufel/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLIENT_KEY } from './query-keys';

const CHECKS_KEY = [...CLIENT_KEY, 'validity-checks'] as const;
/** How often a running check's progress is read again. */
export const PROGRESS_POLL_MS = 1_000;

/** Queues every document of the period SUNAT can check; answers the check's id and size. */
export async function startValidityCheck(
  period: ValidityCheckRequest,
): Promise<ValidityCheckStarted> {
  return ValidityCheckStartedSchema.parse(await api.post(API_PATHS.clientValidityChecks, period));
}

export async function getValidityCheck(id: number): Promise<ValidityCheck> {
  return ValidityCheckSchema.parse(
    await api.get(API_PATHS.clientValidityCheck.replace(':id', String(id))),
  );
}

/** The receiver's latest checks, newest first. */
export async function getValidityChecks(): Promise<ValidityCheck[]> {
  return ValidityCheckListSchema.parse(await api.get(API_PATHS.clientValidityChecks));
}

export const validityChecksQueryOptions = () =>
  queryOptions({ queryKey: CHECKS_KEY, queryFn: getValidityChecks });

export function useValidityChecks() {
  return useQuery(validityChecksQueryOptions());
}

/** A check's progress, read again every second while it runs. */
export function useValidityCheck(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...CHECKS_KEY, id],
    queryFn: async () => {
      const check = await getValidityCheck(id!);
      if (check.state === 'done') {
        // The list's rows now carry SUNAT's answers.
        await queryClient.invalidateQueries({ queryKey: [...CLIENT_KEY, 'documents'] });
      }
      return check;
    },
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.state === 'done' ? false : PROGRESS_POLL_MS),
  });
}

export function useStartValidityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startValidityCheck,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHECKS_KEY, exact: true }),
  });
}
