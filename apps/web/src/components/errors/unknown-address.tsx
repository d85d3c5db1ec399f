import { lazy, Suspense } from 'react';
import { PageLoading } from './page-loading';

// Rarely seen, so neither the first load nor an area's code carries it.
const NotFoundPage = lazy(() =>
  import('./not-found-page').then((module) => ({ default: module.NotFoundPage })),
);

/** What every router shows for an address it has no page for. */
export function UnknownAddress() {
  return (
    <Suspense fallback={<PageLoading />}>
      <NotFoundPage />
    </Suspense>
  );
}
