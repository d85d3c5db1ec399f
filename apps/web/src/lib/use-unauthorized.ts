import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isHttpError } from './http-error';

/** Calls `onUnauthorized` whenever a query or mutation of this area is answered 401. */
export function useUnauthorized(onUnauthorized: () => void): void {
  const client = useQueryClient();
  const handler = useRef(onUnauthorized);
  useEffect(() => {
    handler.current = onUnauthorized;
  }, [onUnauthorized]);

  useEffect(() => {
    const check = (error: unknown) => {
      if (isHttpError(error, 401)) handler.current();
    };
    const stopQueries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    const stopMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [client]);
}
