import { QueryClient } from '@tanstack/react-query';
import { isNetworkError } from './http-error';

/** The server already said why a request failed, so only requests that got no answer are retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => isNetworkError(error) && failures < 2,
        refetchOnWindowFocus: false,
        staleTime: 5 * 60_000,
      },
      mutations: { retry: false },
    },
  });
}
