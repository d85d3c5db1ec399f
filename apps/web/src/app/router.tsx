import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Switch, useRoute } from 'wouter';
import { AreaErrorBoundary } from '../components/errors/area-error-boundary';
import { PageLoading } from '../components/errors/page-loading';
import { UnknownAddress } from '../components/errors/unknown-address';
import { paths } from '../config/paths';
import { DocumentLoginFrame } from '../features/document/login/document-login-frame';
import { BrowserOnly, usePrerendering } from './prerendering';
import { HomeRoute } from './routes/home/home-route';

/*
 * Routing uses wouter instead of React Router: the home page must load in at most
 * 100 KB gzip, React and react-dom take about 70 KB of it and React Router's data
 * router alone would take the rest.
 */
const loadDocumentArea = () => import('./routes/document/document-area');
const loadClientArea = () => import('./routes/client/client-area');
const DocumentArea = lazy(loadDocumentArea);
const ClientArea = lazy(loadClientArea);

/**
 * Starts downloading the area a page opens on while React is still starting,
 * instead of when the router first renders it.
 */
export function preloadAreaOf(pathname: string): void {
  const load = pathname.startsWith(paths.document.root.path)
    ? loadDocumentArea
    : pathname.startsWith(paths.client.root.path)
      ? loadClientArea
      : null;
  load?.().catch((error: unknown) =>
    console.warn('Preloading failed; the area loads again when it shows:', error),
  );
}

function LazyArea({ children, loading }: { children: ReactNode; loading?: ReactNode }) {
  const prerendering = usePrerendering();
  return (
    <AreaErrorBoundary>
      <Suspense fallback={loading ?? <PageLoading />}>
        {prerendering ? <BrowserOnly /> : children}
      </Suspense>
    </AreaErrorBoundary>
  );
}

/** The consultation form is the portal's busiest page: it shows its card while its code loads. */
function DocumentAreaLoading() {
  const [onLogin] = useRoute(paths.document.login.path);
  return onLogin ? <DocumentLoginFrame /> : <PageLoading />;
}

export function AppRouter() {
  return (
    <Switch>
      <Route path={paths.home.path}>
        <HomeRoute />
      </Route>
      <Route path={`${paths.document.root.path}/*?`}>
        <LazyArea loading={<DocumentAreaLoading />}>
          <DocumentArea />
        </LazyArea>
      </Route>
      <Route path={`${paths.client.root.path}/*?`}>
        <LazyArea>
          <ClientArea />
        </LazyArea>
      </Route>
      <Route>
        <AreaErrorBoundary>
          <UnknownAddress />
        </AreaErrorBoundary>
      </Route>
    </Switch>
  );
}
